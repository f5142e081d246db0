package server

import (
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

func TestBuildIDOnProbesAndMetrics(t *testing.T) {
	tests := []struct {
		name, id, want string
	}{
		{"commit", "3e7bc15", "3e7bc15"},
		{"outside git", "dev", "dev"},
		{"release tag", "v1.2.3+4.g3e7bc15", "v1.2.3+4.g3e7bc15"},
		{"none", "", "unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newTestHandler(t, func(c *Config) { c.BuildID = tt.id })
			for _, p := range []string{"/healthz", "/readyz"} {
				if got := do(h, "GET", p, nil).Header().Get("X-Build-Id"); got != tt.want {
					t.Errorf("%s: X-Build-Id %q, want %q", p, got, tt.want)
				}
			}
			metrics := do(h, "GET", "/metrics", nil).Body.String()
			if want := `veldhaven_build_info{build_id="` + tt.want + `"} 1`; !strings.Contains(metrics, want) {
				t.Errorf("metrics lack %s", want)
			}
		})
	}
}

func TestBuildIDOnlyOnProbes(t *testing.T) {
	h := newTestHandler(t, func(c *Config) { c.BuildID = "3e7bc15" })
	for _, p := range []string{"/", "/nope", "/_astro/entry.AbCdEf12.js"} {
		if got := do(h, "GET", p, nil).Header().Get("X-Build-Id"); got != "" {
			t.Errorf("%s sends X-Build-Id %q: visitors need not know the build", p, got)
		}
	}
}

func TestBuildIDNotReadyStillNamed(t *testing.T) {
	h := newTestHandler(t, func(c *Config) { c.BuildID = "abc1234"; c.Ready = func() bool { return false } })
	rec := do(h, "GET", "/readyz", nil)
	if rec.Code != 503 || rec.Header().Get("X-Build-Id") != "abc1234" {
		t.Fatalf("status %d, X-Build-Id %q", rec.Code, rec.Header().Get("X-Build-Id"))
	}
}

func TestBuildIDRefusesWhatAHeaderCannotHold(t *testing.T) {
	for _, id := range []string{"a b", "abc\r\nX-Evil: 1", `a"b`, "é", strings.Repeat("a", 65)} {
		cfg := Config{
			Site:     testSite(t),
			SiteURL:  "https://www.example.com",
			Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
			Registry: prometheus.NewRegistry(),
			BuildID:  id,
		}
		if _, err := New(cfg); err == nil {
			t.Errorf("build id %q accepted", id)
		}
	}
}
