# Thin wrappers over the real tools. `make run` and `make test` work on a fresh
# clone with only Go, Node/npm and (for e2e) Debian's apt.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
# npm scripts and the tools below run on the Node 24 pinned in web/ (node@24).
export PATH := $(CURDIR)/web/node_modules/.bin:$(PATH)
# Astro would otherwise try to send usage data (no network here, and none wanted).
export ASTRO_TELEMETRY_DISABLED := 1

GO ?= go
.DEFAULT_GOAL := build
WEB_STAMP := web/node_modules/.package-lock.json

.PHONY: run build edit web test test-go test-web test-html e2e e2e-editor lint fmt bench loadtest fuzz clean deps media

media: $(WEB_STAMP)
	cd web && npm run --silent media

run: build
	./bin/site

# The editor for the firm's staff at http://localhost:8080/admin/, saving into
# this working tree (docs/editing.md).
edit: build
	./scripts/edit.sh

build: bin/site

deps: $(WEB_STAMP)

# npm install, not npm ci: the registry this project installs from lacks the
# macOS, Windows and arm builds of @astrojs/compiler-binding 0.5.1, so the lock
# file cannot list them and npm ci refuses it. npm install installs exactly the
# lock file's versions and skips optional builds for other platforms.
$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && npm install --no-audit --no-fund
	@touch $@

# The web build: validate content, make image variants, prerender with Astro, precompress.
web: $(WEB_STAMP)
	cd web && npm run --silent build

bin/site: web $(shell find cmd internal web/embed.go -name '*.go' 2>/dev/null) go.mod go.sum
	@mkdir -p bin
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-s -w" -o bin/site ./cmd/site

test: build test-go test-web test-html e2e

test-go:
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

test-web: $(WEB_STAMP)
	cd web && npm run --silent typecheck
	cd web && npm run --silent format:check
	cd web && npm test

# Every built page through the W3C Nu HTML checker (vnu-jar on Java 17+,
# errors only; the filters and their reasons are in web/scripts/vnu-filters.txt).
test-html: build
	./scripts/ensure-java.sh
	cd web && npm run --silent check:html

e2e: build e2e-editor
	./scripts/ensure-chromium.sh
	cd web && npm run --silent e2e

# The editor against `make edit` in a copy of the repository (web/e2e-editor).
e2e-editor: build
	./scripts/ensure-chromium.sh
	cd web && npm run --silent e2e:editor

lint: $(WEB_STAMP)
	@test -z "$$(gofmt -l cmd internal web/embed.go)" || { gofmt -l cmd internal web/embed.go; exit 1; }
	$(GO) vet ./...
	cd web && npm run --silent typecheck && npm run --silent format:check

fmt: $(WEB_STAMP)
	gofmt -w cmd internal web/embed.go
	cd web && npm run --silent format

# Benchmarks (print figures, never fail on one): make build time, Lighthouse per
# page class, JS shipped, bin/site against nginx with wrk, RSS and cold start.
# Installs wrk and nginx (apt, as root) and Chromium when missing. See docs/benchmarks.md.
bench:
	./scripts/bench.sh

# Soak tests with wrk (a benchmark: prints figures, not part of make test).
loadtest:
	./scripts/loadtest.sh

# Each fuzz target for FUZZTIME (30 s); seeds are committed under testdata/fuzz.
FUZZTIME ?= 30s
fuzz:
	$(GO) test ./internal/server -run '^$$' -fuzz '^FuzzPath$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/accept -run '^$$' -fuzz '^FuzzEncodings$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/insights -run '^$$' -fuzz '^FuzzValidateURN$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/insights -run '^$$' -fuzz '^FuzzDecodeSnapshot$$' -fuzztime $(FUZZTIME)

clean:
	rm -rf bin web/dist web/.astro
