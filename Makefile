# Thin wrappers over the real tools. `make run` and `make test` work on a fresh
# clone with only Go, Node/npm and (for e2e) Debian's apt.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
# npm scripts and the tools below run on the Node 24 pinned in web/ (node@24).
export PATH := $(CURDIR)/web/node_modules/.bin:$(PATH)
# Astro would otherwise try to send usage data (no network here, and none wanted).
export ASTRO_TELEMETRY_DISABLED := 1

GO ?= go
# The build's name in bin/site (X-Build-Id, veldhaven_build_info), and its day:
# the default LinkedIn-Version is the month before it.
BUILD_ID ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo dev)
BUILD_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null)
.DEFAULT_GOAL := build
# Written once npm install and its patches succeeded.
WEB_STAMP := web/node_modules/.make-deps
# The versions of what make builds into .tools/ (CI's cache is keyed by that file).
include tools.mk

.PHONY: run build edit web test test-site test-content test-pages test-editor test-platform test-go test-web test-html e2e e2e-site e2e-engines e2e-editor lint fmt bench fuzz clean deps media image test-image test-chart
.PHONY: image-bin test-single check lint-workflows test-deploy print-helm bench-linkedin test-build test-lockfile test-kube kube-tools

media: $(WEB_STAMP)
	cd web && npm run --silent media

run: build
	./bin/site

# The editor at http://localhost:8080/admin/, saving into this working tree.
edit: build
	./scripts/edit.sh

build: bin/site

deps: $(WEB_STAMP)

# npm install, not npm ci, which deletes node_modules; it leaves the lock file as
# committed (make test-lockfile). Warnings are hidden: on a fresh clone npm runs on
# the system's Node and warns for every package that wants a newer one. A patched
# package (web/patches) is removed first, so its patch applies to the original.
$(WEB_STAMP): web/package.json web/package-lock.json $(wildcard web/.npmrc) $(wildcard web/patches/*.patch)
	cd web && for patch in patches/*.patch; do \
	  name=$${patch#patches/}; rm -rf "node_modules/$$(echo "$${name%+*}" | tr + /)"; done
	cd web && npm install --no-audit --no-fund --loglevel=error
	@echo "deps: web/node_modules as web/package-lock.json lists it; the build runs on Node $$(node --version)"
	@touch $@

# The build graph (docs/web.md, "What make rebuilds"): each build's stamp in .make/
# has the time it started. Beside them, *-inputs (the list of input files) and
# *-settings (values from the environment) are rewritten only when their text changes.
STAMPS := .make
$(shell mkdir -p $(STAMPS))
# $(call input-list,NAME,FIND ARGS): the files find prints, kept in $(STAMPS)/NAME;
# expands to those without spaces (make cannot name the others).
input-list = $(shell find $(2) | LC_ALL=C sort >$(STAMPS)/$(1).new && \
  { cmp -s $(STAMPS)/$(1).new $(STAMPS)/$(1) && rm -f $(STAMPS)/$(1).new || mv -f $(STAMPS)/$(1).new $(STAMPS)/$(1); } && \
  grep -v '[[:space:]]' $(STAMPS)/$(1))
# $(call setting,NAME,TEXT): TEXT kept in $(STAMPS)/NAME.
setting = $(shell printf '%s\n' '$(subst ','\'',$(2))' >$(STAMPS)/$(1).new && \
  { cmp -s $(STAMPS)/$(1).new $(STAMPS)/$(1) && rm -f $(STAMPS)/$(1).new || mv -f $(STAMPS)/$(1).new $(STAMPS)/$(1); })

# The web build's inputs, without its unit tests and what it writes into the tree.
WEB_INPUTS := $(call input-list,web-inputs,$(wildcard content web/src web/admin web/lib web/scripts web/public \
  web/astro.config.mjs web/tsconfig.json web/package.json web/package-lock.json) \
  \( -path web/src/generated -o -path web/public/media \) -prune -o -type f ! -name '*.test.*' -print)
$(call setting,web-settings,SITE_URL=$(SITE_URL))
WEB_BUILT := $(STAMPS)/web.built
# No build output: whatever the stamp says, the web is built again.
$(if $(wildcard web/dist/index.html),,$(shell rm -f $(WEB_BUILT)))

$(WEB_BUILT): $(WEB_STAMP) $(WEB_INPUTS) $(STAMPS)/web-inputs $(STAMPS)/web-settings
	@rm -f $@ && touch $@.started
	cd web && npm run --silent build
	@mv -f $@.started $@

web: $(WEB_BUILT)

GO_INPUTS := $(call input-list,go-inputs,$(wildcard cmd internal web/embed.go go.mod go.sum) \
  -path '*/testdata' -prune -o -type f ! -name '*_test.go' -print)
$(call setting,go-settings,$(BUILD_ID) $(BUILD_DATE) $(shell $(GO) env GOVERSION GOOS GOARCH 2>/dev/null))

GO_BUILD = CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-s -w -X main.buildID=$(BUILD_ID) -X main.buildDate=$(BUILD_DATE)"
bin/site: $(WEB_BUILT) $(GO_INPUTS) $(STAMPS)/go-inputs $(STAMPS)/go-settings
	@mkdir -p bin
	$(GO_BUILD) -o bin/site ./cmd/site

# The Dockerfile's binaries, bin/image/<os>/<arch>/site for each of PLATFORMS:
# bin/site for this machine's, the same build cross-compiled for the others.
PLATFORMS ?= linux/$(shell $(GO) env GOARCH 2>/dev/null)
image-bin: build
	rm -rf bin/image
	native=$$($(GO) env GOOS)/$$($(GO) env GOARCH); for p in $(PLATFORMS); do \
	  mkdir -p bin/image/$$p; \
	  if [[ $$p == "$$native" ]]; then cp bin/site bin/image/$$p/site; \
	  else GOOS=$${p%/*} GOARCH=$${p#*/} $(GO_BUILD) -o bin/image/$$p/site ./cmd/site; fi; done

# CI runs each part as a required check (docs/deploy.md, "Releases and previews"):
# test-content is all a change of content alone waits for, test-platform runs
# only when the platform changed (scripts/ci changed).
test: test-site test-platform
test-site: test-content test-pages test-editor
test-content: check test-html
test-pages: build test-go test-web e2e-site e2e-engines test-image test-build test-lockfile
test-editor: e2e-editor

test-platform: test-chart lint-workflows test-single test-deploy test-kube

test-go:
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

test-web: $(WEB_STAMP)
	cd web && npm run --silent typecheck
	cd web && npm run --silent format:check
	cd web && npm test

# The build graph in a copy of the built tree. Port: TEST_BUILD_PORT (18290).
test-build: build
	BUILD_ID=$(BUILD_ID) BUILD_DATE=$(BUILD_DATE) ./scripts/test-build.sh

test-lockfile:
	./scripts/test-lockfile.sh

# Every built page through the W3C Nu HTML checker (filters: web/scripts/vnu-filters.txt).
test-html: build
	./scripts/ensure-java.sh
	cd web && npm run --silent check:html

e2e: e2e-site e2e-editor

# web/e2e in Chromium against bin/site; Java for the Nu checker of /admin/linkedin.
e2e-site: build
	./scripts/ensure-chromium.sh
	./scripts/ensure-java.sh
	cd web && GO=$(GO) npm run --silent e2e

# web/e2e/engines in Firefox and WebKit; its own port, E2E_ENGINES_PORT (4183).
e2e-engines: build
	./scripts/ensure-engines.sh
	./scripts/ensure-chromium.sh
	cd web && npm run --silent e2e:engines

e2e-editor: build
	./scripts/ensure-chromium.sh
	cd web && npm run --silent e2e:editor

# The image from bin/site, offline, with podman (installed when missing) or docker.
IMAGE ?= localhost/veldhaven-site:$(BUILD_ID)
image: image-bin
	./scripts/image.sh $(IMAGE)

# The running container, and test/replicas against it; skips where no container
# can start. Ports: TEST_IMAGE_PORT (18190) and the seven after it.
test-image: image-bin
	BUILD_ID=$(BUILD_ID) ./scripts/test-image.sh

# The programs below are built into .tools/, each in a path holding its version.
# Helm: the -X flags are those of its release build, whose Kubernetes version
# (the minor of its go.mod's k8s.io/client-go) helm template assumes.
# $(call moddir,MODULE@VERSION): the module's folder in Go's module cache, downloaded.
moddir = $(shell cd / && $(GO) mod download -json $(1) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p')
HELM_K8S_MINOR = $(shell sed -n 's/^[[:space:]]*k8s\.io\/client-go v0\.\([0-9]*\)\..*/\1/p' $(call moddir,helm.sh/helm/v3@$(HELM_VERSION))/go.mod)
HELM := $(CURDIR)/.tools/helm-$(HELM_VERSION)/helm
CHART := deploy/helm/veldhaven-site
$(HELM):
	GOBIN=$(dir $(HELM)) $(GO) install -ldflags "-X helm.sh/helm/v3/internal/version.version=$(HELM_VERSION) \
	  -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=$(HELM_K8S_MINOR) \
	  -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=$(HELM_K8S_MINOR)" \
	  helm.sh/helm/v3/cmd/helm@$(HELM_VERSION)

PROMTOOL := $(CURDIR)/.tools/promtool-$(PROMETHEUS_VERSION)/promtool
$(PROMTOOL):
	GOBIN=$(dir $(PROMTOOL)) $(GO) install github.com/prometheus/prometheus/cmd/promtool@$(PROMETHEUS_VERSION)

# The chart linted with its defaults and every optional part on; its Go test
# decodes every manifest strictly, and promtool runs the alert rules' tests.
test-chart: $(HELM) $(PROMTOOL)
	$(HELM) lint --strict $(CHART)
	$(HELM) lint --strict $(CHART) -f $(CHART)/ci/all-on-values.yaml
	cd $(CHART)/test && $(GO) vet ./... && HELM=$(HELM) PROMTOOL=$(PROMTOOL) $(GO) test -count=1 ./...

# Every page of the build, and every internal link and asset on it, answers 200.
check: build
	./scripts/ci sitecheck -site bin/site -dist web/dist

lint-workflows:
	ACTIONLINT_VERSION=$(ACTIONLINT_VERSION) ./scripts/lint-workflows.sh

test-single:
	./scripts/test-single.sh

test-deploy: $(HELM)
	HELM=$(HELM) ./scripts/test-deploy.sh

# A real control plane for make test-kube, built through test/kube (k8s.io/kubernetes
# cannot be `go install`ed); without the -X flags it reports v0.0.0, which Helm refuses.
KUBE_MINOR := $(word 2,$(subst ., ,$(KUBE_VERSION)))
KUBE_BIN := $(CURDIR)/.tools/kube-$(KUBE_VERSION)
KUBE_LDFLAGS := -X k8s.io/component-base/version.gitVersion=$(KUBE_VERSION) -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$(KUBE_MINOR)
$(KUBE_BIN)/kube-apiserver:
	cd test/kube && $(GO) build -o $(KUBE_BIN)/ -ldflags "$(KUBE_LDFLAGS)" k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager k8s.io/kubernetes/cmd/kube-scheduler

# kwok plays the kubelets, with the node and pod stages its module ships.
KWOK_DIR := $(CURDIR)/.tools/kwok-$(KWOK_VERSION)
KWOK := $(KWOK_DIR)/kwok
$(KWOK):
	GOBIN=$(KWOK_DIR) $(GO) install sigs.k8s.io/kwok/cmd/kwok@$(KWOK_VERSION)
	rm -rf $(KWOK_DIR)/stages && mkdir -p $(KWOK_DIR)/stages
	src=$(call moddir,sigs.k8s.io/kwok@$(KWOK_VERSION))/kustomize/stage; test -d "$$src" || { echo "no kwok module at '$$src'" >&2; exit 1; }; \
	  cp "$$src"/node/fast/node-initialize.yaml "$$src"/node/heartbeat/node-heartbeat.yaml "$$src"/pod/fast/pod-{ready,complete,delete}.yaml $(KWOK_DIR)/stages/
	chmod u+w $(KWOK_DIR)/stages/*

# The CRDs of the Gateway API and the Prometheus Operator, from their Go modules.
KUBE_CRDS := $(CURDIR)/.tools/kube-crds-gateway-api-$(GATEWAY_API_VERSION)-prometheus-operator-$(PROMETHEUS_OPERATOR_VERSION)
$(KUBE_CRDS)/.done:
	rm -rf $(KUBE_CRDS) && mkdir -p $(KUBE_CRDS)
	gw=$(call moddir,sigs.k8s.io/gateway-api@$(GATEWAY_API_VERSION))/config/crd/standard; po=$(call moddir,github.com/prometheus-operator/prometheus-operator@$(PROMETHEUS_OPERATOR_VERSION))/example/prometheus-operator-crd; \
	  test -d "$$gw" -a -d "$$po" || { echo "no gateway-api or prometheus-operator module at '$$gw', '$$po'" >&2; exit 1; }; \
	  cp "$$gw"/gateway.networking.k8s.io_{gatewayclasses,gateways,httproutes,referencegrants}.yaml "$$po"/monitoring.coreos.com_{podmonitors,servicemonitors,prometheusrules}.yaml $(KUBE_CRDS)/
	chmod u+w $(KUBE_CRDS)/*.yaml && touch $@

kube-tools: $(KUBE_BIN)/kube-apiserver $(KWOK) $(HELM) $(KUBE_CRDS)/.done
	./scripts/ensure-etcd.sh

# scripts/deploy.sh, unchanged, against that control plane set up as docs/deploy.md
# tells the cluster's owner (test/kube). Ports: TEST_KUBE_PORT (19100) to +5.
test-kube: kube-tools
	cd test/kube && $(GO) vet ./... && KUBE_BIN=$(KUBE_BIN) KWOK=$(KWOK) KWOK_STAGES=$(KWOK_DIR)/stages \
	  KUBE_CRDS=$(KUBE_CRDS) HELM=$(HELM) $(GO) test -count=1 -timeout 20m -v ./...

print-helm: $(HELM)
	@echo $(HELM)

lint: $(WEB_STAMP)
	@test -z "$$(gofmt -l cmd internal web/embed.go)" || { gofmt -l cmd internal web/embed.go; exit 1; }
	$(GO) vet ./...
	cd web && npm run --silent typecheck && npm run --silent format:check

fmt: $(WEB_STAMP)
	gofmt -w cmd internal web/embed.go
	cd web && npm run --silent format

# Benchmarks print figures and never fail on one (docs/benchmarks.md).
bench: bench-linkedin
	./scripts/bench.sh

bench-linkedin:
	$(GO) test -count=1 -run '^TestLinkedInCallsPerDay$$' -v ./internal/insights | grep '^|'

FUZZTIME ?= 30s
# Each fuzz test as package:Name.
FUZZ := server:FuzzPath server:FuzzRangeAnswer respond:FuzzEncodings insights:FuzzValidateURN insights:FuzzDecodeSnapshot \
  feedreplica:FuzzParseTarget linkedin:FuzzMediaURLAllowed linkedin:FuzzRefusedAddr
fuzz:
	for f in $(FUZZ); do $(GO) test ./internal/$${f%:*} -run '^$$' -fuzz "^$${f#*:}\$$" -fuzztime $(FUZZTIME); done

clean:
	rm -rf bin web/dist web/.astro $(STAMPS)
