# The site's image: one stage, one file, the binary that `make build` wrote
# and `make test` tested (make image-bin puts it in bin/image/<os>/<arch>/site).
#
#   make image                    here, offline (podman --pull=never, or docker)
#   make image-bin PLATFORMS="linux/amd64 linux/arm64" &&
#     docker buildx build --platform linux/amd64,linux/arm64 .
#                                 the release: the same web build and Go code,
#                                 cross-compiled by Go for each platform
#
# Nothing is built here: an image cannot carry a web build or Go code that the
# tests never saw, and nothing is pulled (FROM scratch).

# BuildKit's SBOM (sbom: true in the workflows) scans the final stage, where
# only the binary's Go modules are listed: this adds the build context, whose
# web/package-lock.json names the npm packages compiled into the pages
# (React, Decap CMS, ...).
ARG BUILDKIT_SBOM_SCAN_CONTEXT=true

FROM scratch
# Set by BuildKit and buildah for each platform of --platform (buildah leaves
# TARGETOS empty: scripts/image.sh passes it).
ARG TARGETOS TARGETARCH
# The binary is all there is: pages and assets are embedded, and so are the
# CA roots (golang.org/x/crypto/x509roots/fallback), so no certificate file.
COPY bin/image/${TARGETOS}/${TARGETARCH}/site /site
# /data, empty and owned by 65532, for the feed snapshot and the media cache:
# copying the contents of an empty folder with --chown creates it with that
# owner (deploy/image/data/README.md says why not WORKDIR; make test-image
# checks the owner). A volume mounted there starts with that owner too.
COPY --chown=65532:65532 deploy/image/data/ /data/
# A number, not a name: there is no /etc/passwd, and Kubernetes' runAsNonRoot
# can only check a numeric user.
USER 65532:65532
WORKDIR /data
ENV DATA_DIR=/data PORT=8080
EXPOSE 8080
ENTRYPOINT ["/site"]
