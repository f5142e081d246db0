package server

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

func TestOneJSONLogLinePerRequest(t *testing.T) {
	var logs bytes.Buffer
	h := newTestHandler(t, func(c *Config) { c.Logger = slog.New(slog.NewJSONHandler(&logs, nil)) })
	do(h, "GET", "/nope?token=secret", nil)
	do(h, "GET", "/"+strings.Repeat("x", 2000), nil)
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 log lines, got %d: %s", len(lines), logs.String())
	}
	var entry map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &entry); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if entry["status"] != float64(404) || entry["path"] != "/nope" || entry["class"] != "not_found" {
		t.Errorf("entry %v", entry)
	}
	if strings.Contains(logs.String(), "secret") {
		t.Error("query string (may hold secrets) was logged")
	}
	if len(lines[1]) > 1000 {
		t.Errorf("long path logged in full: %d bytes", len(lines[1]))
	}
}

func TestMetricsByClassAndStatus(t *testing.T) {
	reg := prometheus.NewRegistry()
	h := newTestHandler(t, func(c *Config) { c.Registry = reg; c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil)) })
	do(h, "GET", "/", nil)
	do(h, "GET", "/nope", nil)
	do(h, "GET", "/test", nil)
	do(h, "GET", "/_astro/entry.AbCdEf12.js", nil)
	body := do(h, "GET", "/metrics", nil).Body.String()
	for _, want := range []string{
		`veldhaven_http_requests_total{class="page",code="200"} 1`,
		`veldhaven_http_requests_total{class="not_found",code="404"} 1`,
		`veldhaven_http_requests_total{class="redirect",code="301"} 1`,
		`veldhaven_http_requests_total{class="asset",code="200"} 1`,
		`veldhaven_http_request_duration_seconds_bucket{class="page"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
