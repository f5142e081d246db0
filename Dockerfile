# syntax=docker/dockerfile:1
# Multi-stage build: the web build (Node), the binary (Go, static), and a
# minimal non-root runtime image that holds nothing but the binary.

FROM node:24-bookworm-slim AS web
WORKDIR /src
COPY web/package.json web/package-lock.json web/
# npm install, not npm ci: see the Makefile (deps).
RUN cd web && npm install --no-audit --no-fund
COPY content content
COPY web web
ARG SITE_URL=https://www.veldhaven.eu
RUN cd web && SITE_URL=$SITE_URL ASTRO_TELEMETRY_DISABLED=1 npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY cmd cmd
COPY internal internal
COPY web/embed.go web/embed.go
COPY --from=web /src/web/dist web/dist
# The build's name (X-Build-Id, veldhaven_build_info): CI passes the short commit.
ARG BUILD_ID=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.buildID=${BUILD_ID}" -o /out/site ./cmd/site

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=go /out/site /site
USER nonroot:nonroot
ENV PORT=8080 DATA_DIR=/data
EXPOSE 8080
# The snapshot and media cache are optional: mount a volume at /data to keep
# them across restarts; without one the feed starts from LinkedIn (or the sample).
VOLUME ["/data"]
ENTRYPOINT ["/site"]
