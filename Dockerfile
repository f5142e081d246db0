# The site's image: the binary `make test` tested, from bin/image/<os>/<arch>/site
# (make image-bin; the release cross-compiles it per platform). Nothing is built
# or pulled here. BuildKit's SBOM also scans the context, whose lock file names
# the npm packages compiled into the pages.
ARG BUILDKIT_SBOM_SCAN_CONTEXT=true

FROM scratch
# buildah leaves TARGETOS empty: scripts/image.sh passes it.
ARG TARGETOS TARGETARCH
# Pages, assets and CA roots are embedded in the binary.
COPY bin/image/${TARGETOS}/${TARGETARCH}/site /site
# /data owned by 65532 (deploy/image/data/README.md says why not WORKDIR).
COPY --chown=65532:65532 deploy/image/data/ /data/
# A number: there is no /etc/passwd, and runAsNonRoot checks only a number.
USER 65532:65532
WORKDIR /data
ENV DATA_DIR=/data PORT=8080
EXPOSE 8080
ENTRYPOINT ["/site"]
