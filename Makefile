# Thin wrappers over the real tools. `make run` and `make test` work on a fresh
# clone with only Go, Node/npm and (for e2e) Debian's apt.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
# npm scripts and the tools below run on the Node 24 pinned in web/ (node@24).
export PATH := $(CURDIR)/web/node_modules/.bin:$(PATH)
# Astro would otherwise try to send usage data (no network here, and none wanted).
export ASTRO_TELEMETRY_DISABLED := 1

GO ?= go
# The build's name, in bin/site (X-Build-Id on /healthz and /readyz, the
# veldhaven_build_info metric): the short commit, or dev outside git.
BUILD_ID ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo dev)
# The day of that commit: the default LinkedIn-Version is the month before it.
BUILD_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null)
.DEFAULT_GOAL := build
# Written once npm install and its patches succeeded (npm's own
# node_modules/.package-lock.json is written even when a patch fails).
WEB_STAMP := web/node_modules/.make-deps
# The versions of the programs make builds into .tools/ from the Go module
# proxy (Helm, the Kubernetes control plane, kwok, actionlint): in a file of
# their own, so that CI's cache of .tools is keyed by them alone.
include tools.mk

.PHONY: run build edit web test test-site test-content test-pages test-editor test-platform test-go test-web test-html e2e e2e-site e2e-engines e2e-editor lint fmt bench fuzz clean deps media image test-image test-chart
.PHONY: image-bin test-single check lint-workflows test-deploy print-helm bench-linkedin test-build test-lockfile bench-rebuild test-kube kube-tools

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

# npm install, not npm ci: it installs exactly the lock file's versions, skips
# optional builds for other platforms and keeps node_modules (npm ci deletes it
# and starts again). The lock file lists every platform's builds and web/.npmrc
# fixes its form, so on any machine this leaves it unchanged (make test-lockfile).
# npm's warnings are hidden: on a fresh clone npm runs on the system's Node
# (web/node_modules/.bin/node, the pinned Node 24, is not there yet) and warns
# for every package that asks for a newer one, and Decap's React peer ranges
# predate React 19; neither is for staff. Errors still show; `cd web && npm
# install` shows everything.
# npm install also applies web/patches (patch-package, the postinstall script):
# fixes of Decap's own bugs, checked by web/admin/decap-contract.test.ts. A
# patched package is removed first, so npm puts it back as published and a
# changed patch applies to the original, not over the patch before it
# (patch-package fails then, in a checkout that has node_modules).
$(WEB_STAMP): web/package.json web/package-lock.json $(wildcard web/.npmrc) $(wildcard web/patches/*.patch)
	cd web && for patch in patches/*.patch; do \
	  name=$${patch#patches/}; rm -rf "node_modules/$$(echo "$${name%+*}" | tr + /)"; done
	cd web && npm install --no-audit --no-fund --loglevel=error
	@echo "deps: web/node_modules as web/package-lock.json lists it; the build runs on Node $$(node --version)"
	@touch $@

# ---- The build graph: the web build and bin/site are made again only when
# one of their inputs changed since the last successful build (docs/web.md,
# "What make rebuilds"). Each build ends by writing a stamp in .make/ with the
# time it started, so a file saved during a build is seen by the next one.
# Beside the stamps, two kinds of file are written as the Makefile is read, and
# rewritten only when their text changes, so that their time says when:
#   *-inputs    the list of input files (a file added with an old time, or
#               deleted, changes the list);
#   *-settings  the values from the environment that change the output.
STAMPS := .make
$(shell mkdir -p $(STAMPS))
# $(call input-list,NAME,FIND ARGS): the files `find FIND ARGS` prints, sorted,
# kept in $(STAMPS)/NAME; expands to the list (file names without spaces: make
# cannot name those, but they are in the list, so adding or removing one counts).
input-list = $(shell find $(2) | LC_ALL=C sort >$(STAMPS)/$(1).new && \
  { cmp -s $(STAMPS)/$(1).new $(STAMPS)/$(1) && rm -f $(STAMPS)/$(1).new || mv -f $(STAMPS)/$(1).new $(STAMPS)/$(1); } && \
  grep -v '[[:space:]]' $(STAMPS)/$(1))
# $(call setting,NAME,TEXT): TEXT kept in $(STAMPS)/NAME.
setting = $(shell printf '%s\n' '$(subst ','\'',$(2))' >$(STAMPS)/$(1).new && \
  { cmp -s $(STAMPS)/$(1).new $(STAMPS)/$(1) && rm -f $(STAMPS)/$(1).new || mv -f $(STAMPS)/$(1).new $(STAMPS)/$(1); })

# The web build's inputs: the content, the sources of the pages, the editor and
# the build scripts (not their unit tests), the files of web/public (not the
# media variants build-media writes there), and the configuration. What the
# build writes into the source tree (src/generated, public/media) is output.
WEB_INPUTS := $(call input-list,web-inputs,$(wildcard content web/src web/admin web/scripts web/public \
  web/astro.config.mjs web/tsconfig.json web/package.json web/package-lock.json) \
  \( -path web/src/generated -o -path web/public/media \) -prune -o -type f ! -name '*.test.*' -print)
# Everything the web build reads from the environment: SITE_URL (astro.config.mjs).
$(call setting,web-settings,SITE_URL=$(SITE_URL))
WEB_BUILT := $(STAMPS)/web.built
# A build folder emptied or removed by hand is built again.
ifeq ($(wildcard web/dist/index.html),)
$(shell rm -f $(WEB_BUILT))
endif

# The web build: validate content, make image variants (their own cache,
# web/.media-cache, keyed by content), prerender with Astro, precompress.
$(WEB_BUILT): $(WEB_STAMP) $(WEB_INPUTS) $(STAMPS)/web-inputs $(STAMPS)/web-settings
	@rm -f $@ && touch $@.started
	cd web && npm run --silent build
	@mv -f $@.started $@

web: $(WEB_BUILT)

# bin/site's inputs: the Go packages (and the files they embed, not their
# tests), the module files, the web build, and the values linked into it.
GO_INPUTS := $(call input-list,go-inputs,$(wildcard cmd internal web/embed.go go.mod go.sum) \
  -path '*/testdata' -prune -o -type f ! -name '*_test.go' -print)
$(call setting,go-settings,$(BUILD_ID) $(BUILD_DATE) $(shell $(GO) env GOVERSION GOOS GOARCH 2>/dev/null))

GO_BUILD = CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-s -w -X main.buildID=$(BUILD_ID) -X main.buildDate=$(BUILD_DATE)"
bin/site: $(WEB_BUILT) $(GO_INPUTS) $(STAMPS)/go-inputs $(STAMPS)/go-settings
	@mkdir -p bin
	$(GO_BUILD) -o bin/site ./cmd/site

# The image's binaries (Dockerfile), in bin/image/<os>/<arch>/site for each
# platform of PLATFORMS: bin/site itself for the machine's platform, and for
# the others the same web build and Go code cross-compiled by Go with the same
# flags. The release packages these; make test-image tests the machine's.
PLATFORMS ?= linux/$(shell $(GO) env GOARCH 2>/dev/null)
image-bin: build
	rm -rf bin/image
	native=$$($(GO) env GOOS)/$$($(GO) env GOARCH); for p in $(PLATFORMS); do \
	  mkdir -p bin/image/$$p; \
	  if [[ $$p == "$$native" ]]; then cp bin/site bin/image/$$p/site; \
	  else GOOS=$${p%/*} GOARCH=$${p#*/} $(GO_BUILD) -o bin/image/$$p/site ./cmd/site; fi; done

# Everything, in two parts that CI runs as separate required checks
# (docs/deploy.md, "Releases and previews"): the site, which every change
# waits for, content included, and the platform (the chart, the deploy
# script, the workflows, the control plane), which only changes to those wait
# for (cmd/ci changed decides).
test: test-site test-platform

# The site, in three parts that CI runs side by side on three runners: what
# content can break (all a change of content alone waits for: the build with
# every content rule, every page and link answering, every page through the
# HTML check); the rest of the site's tests (Go and web, the e2e suites in
# three engines, the image, the build graph, the lock file); the editor's
# e2e suite, serial (each of its saves rebuilds the site).
test-site: test-content test-pages test-editor
test-content: check test-html
test-pages: build test-go test-web e2e-site e2e-engines test-image test-build test-lockfile
test-editor: e2e-editor

# The platform: the chart, the workflows, the single host's unit, the deploy
# script rendered and run against a real control plane.
test-platform: test-chart lint-workflows test-single test-deploy test-kube

test-go:
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

test-web: $(WEB_STAMP)
	cd web && npm run --silent typecheck
	cd web && npm run --silent format:check
	cd web && npm test

# The build graph in a copy of the built tree: an unchanged tree builds
# nothing; an edited content file or component, an added or deleted file and a
# new SITE_URL each rebuild, and bin/site then serves them; a new commit
# (BUILD_ID) only relinks bin/site (scripts/test-build.sh).
# Port: TEST_BUILD_PORT (18290).
test-build: build
	BUILD_ID=$(BUILD_ID) BUILD_DATE=$(BUILD_DATE) ./scripts/test-build.sh

# npm install on a fresh clone leaves web/package-lock.json as committed
# (scripts/test-lockfile.sh).
test-lockfile:
	./scripts/test-lockfile.sh

# Every built page through the W3C Nu HTML checker (vnu-jar on Java 17+,
# errors only; the filters and their reasons are in web/scripts/vnu-filters.txt).
test-html: build
	./scripts/ensure-java.sh
	cd web && npm run --silent check:html

# Both e2e suites: the site's pages (web/e2e) and the editor's.
e2e: e2e-site e2e-editor

# The site's pages in headless Chromium against bin/site (web/e2e); Java for
# the Nu checker: e2e/linkedin-reconnect.spec.ts checks the pages the server
# writes itself (/admin/linkedin in each state).
e2e-site: build
	./scripts/ensure-chromium.sh
	./scripts/ensure-java.sh
	cd web && GO=$(GO) npm run --silent e2e

# The site's pages in Firefox and WebKit against bin/site (web/e2e/engines,
# compared with Chromium where styles are): Debian's firefox-esr and
# WebKitGTK (scripts/ensure-engines.sh). Its own port, E2E_ENGINES_PORT
# (4183), so that `make -j` runs it beside e2e-site.
e2e-engines: build
	./scripts/ensure-engines.sh
	./scripts/ensure-chromium.sh
	cd web && npm run --silent e2e:engines

# The editor against `make edit` in a copy of the repository (web/e2e-editor).
e2e-editor: build
	./scripts/ensure-chromium.sh
	cd web && npm run --silent e2e:editor

# The image (Dockerfile) from bin/site, offline: podman (installed with apt when
# missing, as root or through sudo; settings in deploy/podman/containers.conf) or docker where an
# engine answers. docs/deploy.md says how to run it.
IMAGE ?= localhost/veldhaven-site:$(BUILD_ID)
image: image-bin
	./scripts/image.sh $(IMAGE)

# Builds the image and checks the running container (scripts/test-image.sh);
# skips with one line where no container can start. Ports: TEST_IMAGE_PORT
# (18190) and the seven after it. Its last part runs test/replicas (go test,
# skipped without the image): the feed owner and two web replicas against the
# fake LinkedIn.
test-image: image-bin
	BUILD_ID=$(BUILD_ID) ./scripts/test-image.sh

# Helm, pinned, built from the Go module proxy into .tools (gitignored); the
# version is in the path, so changing it installs the new one. The -X flags
# are those of Helm's own release build: its version, and the Kubernetes
# version helm template and lint assume (1 and the minor of the k8s.io/client-go
# in Helm's go.mod, 0.37 for v3.22.0); without them that is 1.20, older than
# the chart's kubeVersion.
# The Kubernetes minor Helm assumes: that of the k8s.io/client-go in the
# go.mod of the Helm version tools.mk pins (read when Helm is built, so a
# Renovate update of HELM_VERSION alone is complete).
HELM_K8S_MINOR = $(shell cd / && $(GO) mod download -json helm.sh/helm/v3@$(HELM_VERSION) | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$$/\1/p' | xargs sed -n 's/^[[:space:]]*k8s\.io\/client-go v0\.\([0-9]*\)\..*/\1/p')
HELM := $(CURDIR)/.tools/helm-$(HELM_VERSION)/helm
CHART := deploy/helm/veldhaven-site
$(HELM):
	GOBIN=$(dir $(HELM)) $(GO) install -ldflags "-X helm.sh/helm/v3/internal/version.version=$(HELM_VERSION) \
	  -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=$(HELM_K8S_MINOR) \
	  -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=$(HELM_K8S_MINOR)" \
	  helm.sh/helm/v3/cmd/helm@$(HELM_VERSION)

# promtool (Prometheus's rule checker), pinned in tools.mk, for the alert
# rules' unit tests; the version is in the path.
PROMTOOL := $(CURDIR)/.tools/promtool-$(PROMETHEUS_VERSION)/promtool
$(PROMTOOL):
	GOBIN=$(dir $(PROMTOOL)) $(GO) install github.com/prometheus/prometheus/cmd/promtool@$(PROMETHEUS_VERSION)

# The Helm chart: lint (strict) with the default values and with every optional
# part on (ci/all-on-values.yaml); its Go test (a module of its own, so the
# site's go.mod stays small) renders both and decodes every manifest strictly
# into the Kubernetes API types.
test-chart: $(HELM) $(PROMTOOL)
	$(HELM) lint --strict $(CHART)
	$(HELM) lint --strict $(CHART) -f $(CHART)/ci/all-on-values.yaml
	cd $(CHART)/test && $(GO) vet ./... && HELM=$(HELM) PROMTOOL=$(PROMTOOL) $(GO) test -count=1 ./...

# The fast check of every pull request (docs/deploy.md, "Releases and previews"):
# the content validated and the whole site built (make build), then every page of
# the build, and every internal link and asset on it, answering 200 from bin/site
# (started on 127.0.0.1, a port of the kernel's choosing).
check: build
	./scripts/ci sitecheck -site bin/site -dist web/dist

# actionlint (pinned, into .tools/bin) with shellcheck on every workflow.
lint-workflows:
	ACTIONLINT_VERSION=$(ACTIONLINT_VERSION) ./scripts/lint-workflows.sh

# The single-host deployment (deploy/single) through systemd-analyze verify
# (scripts/test-single.sh).
test-single:
	./scripts/test-single.sh

# The deploy script's commands, rendered with `helm template` (no cluster needed).
test-deploy: $(HELM)
	HELM=$(HELM) ./scripts/test-deploy.sh

# The versions of what make test-kube builds and installs are in tools.mk:
# Kubernetes, kwok, and the CRDs of the Gateway API and the Prometheus
# Operator, each taken from its Go module at that version (each is in its
# .tools/ path, so changing one builds or fetches the new one).

# A real Kubernetes control plane for make test-kube, built once per machine
# into .tools/ (gitignored; the versions are in the paths, so changing one
# builds the new one). kube-apiserver, kube-controller-manager and
# kube-scheduler come from k8s.io/kubernetes through test/kube, a module of
# its own (k8s.io/kubernetes cannot be `go install`ed: its go.mod replaces the
# staging modules with local folders; test/kube/go.mod pins each to the same
# v0.<minor>.<patch>). The -X flags are those of Kubernetes' own release build:
# without them the API server reports v0.0.0 and Helm refuses the chart's
# kubeVersion. The first build takes about 30 minutes of a 2-core machine
# (docs/benchmarks.md); after that the Go build cache makes it a relink.
KUBE_MINOR := $(word 2,$(subst ., ,$(KUBE_VERSION)))
KUBE_BIN := $(CURDIR)/.tools/kube-$(KUBE_VERSION)
KUBE_LDFLAGS := -X k8s.io/component-base/version.gitVersion=$(KUBE_VERSION) -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$(KUBE_MINOR)
$(KUBE_BIN)/kube-apiserver:
	cd test/kube && $(GO) build -o $(KUBE_BIN)/ -ldflags "$(KUBE_LDFLAGS)" k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager k8s.io/kubernetes/cmd/kube-scheduler

# kwok (sigs.k8s.io/kwok) plays the kubelets: fake nodes, and pods that go
# through their lives by Stages. It has no stages of its own built in; its
# module ships them (kustomize/stage/), and we take kwok's node and pod
# stages from the module at the same version, beside our own
# (test/kube/stages: a pod that never gets ready).
KWOK_DIR := $(CURDIR)/.tools/kwok-$(KWOK_VERSION)
KWOK := $(KWOK_DIR)/kwok
$(KWOK):
	GOBIN=$(KWOK_DIR) $(GO) install sigs.k8s.io/kwok/cmd/kwok@$(KWOK_VERSION)
	rm -rf $(KWOK_DIR)/stages && mkdir -p $(KWOK_DIR)/stages
	src=$$(cd / && $(GO) mod download -json sigs.k8s.io/kwok@$(KWOK_VERSION) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p'); \
	  test -d "$$src/kustomize/stage" || { echo "no kwok module at '$$src'" >&2; exit 1; }; \
	  cp "$$src/kustomize/stage/node/fast/node-initialize.yaml" "$$src/kustomize/stage/node/heartbeat/node-heartbeat.yaml" \
	     "$$src/kustomize/stage/pod/fast/pod-ready.yaml" "$$src/kustomize/stage/pod/fast/pod-complete.yaml" \
	     "$$src/kustomize/stage/pod/fast/pod-delete.yaml" $(KWOK_DIR)/stages/
	chmod u+w $(KWOK_DIR)/stages/*

# The CRDs the chart's optional kinds need, which test-kube installs into the
# control plane as a cluster's owner would: the Gateway API's standard channel
# (config/crd/standard: GatewayClass, Gateway, HTTPRoute, ReferenceGrant) and
# the Prometheus Operator's (example/prometheus-operator-crd: PodMonitor,
# ServiceMonitor, PrometheusRule), from their Go modules as kwok's stages are.
KUBE_CRDS := $(CURDIR)/.tools/kube-crds-gateway-api-$(GATEWAY_API_VERSION)-prometheus-operator-$(PROMETHEUS_OPERATOR_VERSION)
$(KUBE_CRDS)/.done:
	rm -rf $(KUBE_CRDS) && mkdir -p $(KUBE_CRDS)
	gw=$$(cd / && $(GO) mod download -json sigs.k8s.io/gateway-api@$(GATEWAY_API_VERSION) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p'); \
	  test -d "$$gw/config/crd/standard" || { echo "no gateway-api module at '$$gw'" >&2; exit 1; }; \
	  for kind in gatewayclasses gateways httproutes referencegrants; do \
	    cp "$$gw/config/crd/standard/gateway.networking.k8s.io_$$kind.yaml" $(KUBE_CRDS)/ || exit 1; done
	po=$$(cd / && $(GO) mod download -json github.com/prometheus-operator/prometheus-operator@$(PROMETHEUS_OPERATOR_VERSION) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p'); \
	  test -d "$$po/example/prometheus-operator-crd" || { echo "no prometheus-operator module at '$$po'" >&2; exit 1; }; \
	  for kind in podmonitors servicemonitors prometheusrules; do \
	    cp "$$po/example/prometheus-operator-crd/monitoring.coreos.com_$$kind.yaml" $(KUBE_CRDS)/ || exit 1; done
	chmod u+w $(KUBE_CRDS)/*.yaml && touch $@

kube-tools: $(KUBE_BIN)/kube-apiserver $(KWOK) $(HELM) $(KUBE_CRDS)/.done
	./scripts/ensure-etcd.sh

# scripts/deploy.sh, unchanged, against that control plane (etcd, the API
# server with RBAC and the default admission chain, controller manager,
# scheduler, kwok), on 127.0.0.1 ports TEST_KUBE_PORT (19100) to +5, set up as
# docs/deploy.md tells the cluster's owner: first install, upgrade, an upgrade
# that never gets ready, a failed smoke test's rollback, killed deploys,
# previews and their teardown (test/kube). Etcd: Debian's etcd-server
# (scripts/ensure-etcd.sh installs it when missing, as root or through sudo).
test-kube: kube-tools
	cd test/kube && $(GO) vet ./... && KUBE_BIN=$(KUBE_BIN) KWOK=$(KWOK) KWOK_STAGES=$(KWOK_DIR)/stages \
	  KUBE_CRDS=$(KUBE_CRDS) HELM=$(HELM) $(GO) test -count=1 -timeout 20m -v ./...

# The pinned helm's path, installed when missing (scripts/deploy.sh asks for it).
print-helm: $(HELM)
	@echo $(HELM)

lint: $(WEB_STAMP)
	@test -z "$$(gofmt -l cmd internal web/embed.go)" || { gofmt -l cmd internal web/embed.go; exit 1; }
	$(GO) vet ./...
	cd web && npm run --silent typecheck && npm run --silent format:check

fmt: $(WEB_STAMP)
	gofmt -w cmd internal web/embed.go
	cd web && npm run --silent format

# Benchmarks (print figures, never fail on one): make build time, Lighthouse per
# page class, JS shipped, bin/site against nginx with wrk, RSS and cold start.
# Installs wrk and nginx (apt, as root or through sudo) and Chromium when missing. See docs/benchmarks.md.
bench: bench-linkedin
	./scripts/bench.sh

# LinkedIn calls per refresh and per day of the feed owner, over a compressed
# day (a fake clock) against internal/fakelinkedin, which counts every call;
# the same test fails if a day goes over its budget. docs/benchmarks.md,
# "LinkedIn calls per day".
bench-linkedin:
	$(GO) test -count=1 -run '^TestLinkedInCallsPerDay$$' -v ./internal/insights | grep '^|'

# How long `make run` takes to answer its first request on a built tree, with
# nothing changed and after editing one content file, in a copy of the tree
# (scripts/bench-rebuild.sh; BENCH_MAKEFILE=path measures another Makefile).
bench-rebuild: build
	BUILD_ID=$(BUILD_ID) BUILD_DATE=$(BUILD_DATE) ./scripts/bench-rebuild.sh

# Each fuzz target for FUZZTIME (30 s); seeds are committed under testdata/fuzz.
FUZZTIME ?= 30s
fuzz:
	$(GO) test ./internal/server -run '^$$' -fuzz '^FuzzPath$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/server -run '^$$' -fuzz '^FuzzRangeAnswer$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/accept -run '^$$' -fuzz '^FuzzEncodings$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/insights -run '^$$' -fuzz '^FuzzValidateURN$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/insights -run '^$$' -fuzz '^FuzzDecodeSnapshot$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/feedreplica -run '^$$' -fuzz '^FuzzParseTarget$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/linkedin -run '^$$' -fuzz '^FuzzMediaURLAllowed$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/linkedin -run '^$$' -fuzz '^FuzzRefusedAddr$$' -fuzztime $(FUZZTIME)

clean:
	rm -rf bin web/dist web/.astro $(STAMPS)
