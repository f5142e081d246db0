# The versions of the programs the Makefile builds into .tools/ from the Go
# module proxy. CI's cache of .tools/ is keyed by this file alone (a change to
# any other line of the Makefile keeps it), and every path in .tools/ holds
# its version, so a changed line here builds only that program again.

# Helm, and the Kubernetes minor helm template and lint assume (1 and the minor
# of the k8s.io/client-go in Helm's go.mod).
HELM_VERSION := v3.22.0
HELM_K8S_MINOR := 37
# The control plane of make test-kube (test/kube/go.mod pins the same version).
KUBE_VERSION := v1.37.2
KUBE_MINOR := 37
KWOK_VERSION := v0.8.0
# actionlint for make lint-workflows.
ACTIONLINT_VERSION := 1.7.12
