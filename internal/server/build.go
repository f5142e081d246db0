package server

import (
	"fmt"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
)

// maxBuildIDLen is far more than a commit hash or a release tag needs.
const maxBuildIDLen = 64

// checkBuildID returns the build id ("unknown" for none), refusing anything but
// letters, digits and ". _ - +": it goes into a header and a label as it is.
func checkBuildID(id string) (string, error) {
	if id == "" {
		return "unknown", nil
	}
	if len(id) > maxBuildIDLen {
		return "", fmt.Errorf("build id %q: longer than %d bytes", id, maxBuildIDLen)
	}
	for _, c := range id {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '.' || c == '_' || c == '-' || c == '+'
		if !ok {
			return "", fmt.Errorf("build id %q: only letters, digits and . _ - + are allowed", id)
		}
	}
	return id, nil
}

// registerBuildInfo adds veldhaven_build_info{build_id="..."} 1, so a
// dashboard can tell which build each replica runs.
func registerBuildInfo(reg prometheus.Registerer, id string) error {
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "veldhaven_build_info",
		Help:        "Always 1; the build_id label names the build this process runs.",
		ConstLabels: prometheus.Labels{"build_id": id},
	})
	g.Set(1)
	return reg.Register(g)
}

// probeHeaders are the headers of /healthz and /readyz: never cached, and
// the build id, so a rollout can be followed replica by replica.
func probeHeaders(h http.Header, buildID string) {
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set(BuildIDHeader, buildID)
}

// BuildIDHeader is the response header of /healthz and /readyz that names
// the build serving them (the release's smoke test reads it).
const BuildIDHeader = "X-Build-Id"
