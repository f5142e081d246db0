# The versions of the programs the Makefile builds into .tools/ from the Go
# module proxy. Renovate proposes new ones (.github/renovate.json: the line
# above each version names its module), so nothing else may be here that
# must move with a version. CI's cache of .tools/ is keyed by this file
# alone (a change to any other line of the Makefile keeps it), and every
# path in .tools/ holds its version, so a changed line builds only that
# program again.

# Helm.
# renovate: datasource=go depName=helm.sh/helm/v3
HELM_VERSION := v3.22.0
# The control plane of make test-kube (test/kube/go.mod pins the same version).
# renovate: datasource=go depName=k8s.io/kubernetes
KUBE_VERSION := v1.37.2
# renovate: datasource=go depName=sigs.k8s.io/kwok
KWOK_VERSION := v0.8.0
# The CRDs make test-kube installs, from their Go modules: the Gateway API
# (v1.7 needs Go 1.27) and the Prometheus Operator's.
# renovate: datasource=go depName=sigs.k8s.io/gateway-api
GATEWAY_API_VERSION := v1.6.3
# renovate: datasource=go depName=github.com/prometheus-operator/prometheus-operator
PROMETHEUS_OPERATOR_VERSION := v0.85.0
# actionlint for make lint-workflows.
# renovate: datasource=go depName=github.com/rhysd/actionlint extractVersion=^v(?<version>.*)$
ACTIONLINT_VERSION := 1.7.12
# promtool, for the unit tests of the chart's alert rules (make test-chart):
# Prometheus's Go module numbers its 3.x releases v0.3xx.
# renovate: datasource=go depName=github.com/prometheus/prometheus
PROMETHEUS_VERSION := v0.316.0
