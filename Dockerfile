# The site's image: one final stage, two sources for its one file, the binary.
#
#   docker build .                                     from source (CI; the default)
#   docker buildx build --platform linux/amd64,linux/arm64 .
#                                                      the same, cross-compiled: Node and Go
#                                                      run on the build machine, no emulation
#   podman build --pull=never --build-arg BINARY=prebuilt .
#                                                      offline, from the bin/site that
#                                                      `make build` wrote (make image does this)
#
# BINARY names the stage the binary comes from. Only the stages the final one
# needs are built, so the prebuilt path pulls no image at all (the final stage
# is FROM scratch): BuildKit builds the graph from the final stage back, and
# buildah/podman skip unused stages (--skip-unused-stages, on by default).
ARG BINARY=source

# --- source: the web build (Node) and the binary (Go), on the build platform ---

FROM --platform=$BUILDPLATFORM node:24-bookworm-slim AS web
# BuildKit's SBOM (sbom: true in the workflows) scans only the final stage
# unless a stage asks for it: this one, so the npm packages compiled into
# web/dist (React, Decap CMS, ...) are listed beside the binary's Go modules.
ARG BUILDKIT_SBOM_SCAN_STAGE=true
WORKDIR /src
COPY web/package.json web/package-lock.json web/.npmrc web/
# npm install, not npm ci: see the Makefile (deps).
RUN cd web && npm install --no-audit --no-fund
COPY content content
COPY web web
ARG SITE_URL=https://www.veldhaven.eu
RUN cd web && SITE_URL=$SITE_URL ASTRO_TELEMETRY_DISABLED=1 npm run build

FROM --platform=$BUILDPLATFORM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY cmd cmd
COPY internal internal
COPY web/embed.go web/embed.go
COPY --from=web /src/web/dist web/dist
# The build's name (X-Build-Id, veldhaven_build_info): CI passes the short commit.
ARG BUILD_ID=dev
# The day of that commit (YYYY-MM-DD, or an RFC 3339 time): the default
# LinkedIn-Version is the month before it. Empty: the month before the day
# the server starts.
ARG BUILD_DATE=
# Set by BuildKit and buildah for each platform of --platform.
ARG TARGETOS TARGETARCH
RUN CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH \
    go build -trimpath -ldflags="-s -w -X main.buildID=${BUILD_ID} -X main.buildDate=${BUILD_DATE}" -o /out/site ./cmd/site

FROM scratch AS source
COPY --from=go /out/site /site

# --- prebuilt: bin/site as `make build` wrote it (static, linux, the build
# machine's architecture; its build id is the Makefile's BUILD_ID) ---

FROM scratch AS prebuilt
COPY bin/site /site

# --- the image: the same final stage for both ---

FROM ${BINARY} AS binary

FROM scratch
# The binary is all there is: pages and assets are embedded, and so are the
# CA roots (golang.org/x/crypto/x509roots/fallback), so no certificate file.
COPY --from=binary /site /site
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
