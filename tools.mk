# The versions of what the Makefile builds into .tools/ from the Go module proxy;
# CI's cache of .tools/ is keyed by this file alone. Renovate proposes new ones.
# renovate: datasource=go depName=helm.sh/helm/v3
HELM_VERSION := v3.22.0
# test/kube/go.mod pins the same Kubernetes.
# renovate: datasource=go depName=k8s.io/kubernetes
KUBE_VERSION := v1.37.2
# renovate: datasource=go depName=sigs.k8s.io/kwok
KWOK_VERSION := v0.8.0
# The Gateway API v1.7 needs Go 1.27.
# renovate: datasource=go depName=sigs.k8s.io/gateway-api
GATEWAY_API_VERSION := v1.6.3
# renovate: datasource=go depName=github.com/prometheus-operator/prometheus-operator
PROMETHEUS_OPERATOR_VERSION := v0.85.0
# renovate: datasource=go depName=github.com/rhysd/actionlint extractVersion=^v(?<version>.*)$
ACTIONLINT_VERSION := 1.7.12
# promtool: Prometheus's Go module numbers its 3.x releases v0.3xx.
# renovate: datasource=go depName=github.com/prometheus/prometheus
PROMETHEUS_VERSION := v0.316.0
