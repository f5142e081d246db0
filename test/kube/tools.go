//go:build tools

// The control plane make test-kube runs: these imports keep the Kubernetes
// commands in this module's go.mod and go.sum, so `go build` of them (the
// Makefile's $(KUBE_BIN) rule) resolves exactly these versions.
package kube

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
)
