package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

func TestStatusCodes(t *testing.T) {
	h := newTestHandler(t, nil)
	tests := []struct {
		name, method, path string
		want               int
		location           string
		bodyContains       string
	}{
		{"home", "GET", "/", 200, "", "<h1>Home</h1>"},
		{"page", "GET", "/what-we-do", 200, "", "What we do"},
		{"nested page", "GET", "/careers/asset-manager", 200, "", "Asset manager"},
		{"head page", "HEAD", "/what-we-do", 200, "", ""},
		{"trailing slash", "GET", "/what-we-do/", 301, "/what-we-do", ""},
		{"trailing slashes", "GET", "/careers/asset-manager//", 301, "/careers/asset-manager", ""},
		{"test redirect", "GET", "/test", 301, "/", ""},
		{"test redirect with slash", "GET", "/test/", 301, "/test", ""},
		{"unknown page", "GET", "/nope", 404, "", "The page you are looking for does not exist."},
		{"unknown under dynamic route", "GET", "/careers/bogus", 404, "", "does not exist"},
		{"unknown with slash", "GET", "/nope/", 404, "", "does not exist"},
		{"open redirect attempt", "GET", "//evil.example/", 404, "", "does not exist"},
		{"404 page at its build path", "GET", "/404", 404, "", "does not exist"},
		{"index.html not addressable", "GET", "/index.html", 404, "", ""},
		{"other html hidden", "GET", "/stray.html", 404, "", ""},
		{"hidden file", "GET", "/.hidden", 404, "", ""},
		{"compressed file not addressable", "GET", "/index.html.br", 404, "", ""},
		{"asset", "GET", "/_astro/entry.AbCdEf12.js", 200, "", "console.log"},
		{"pdf", "GET", "/media/documents/code-of-conduct.pdf", 200, "", "%PDF"},
		{"post", "POST", "/", 405, "", ""},
		{"put asset", "PUT", "/_astro/entry.AbCdEf12.js", 405, "", ""},
		{"delete", "DELETE", "/what-we-do", 405, "", ""},
		{"options", "OPTIONS", "/", 405, "", ""},
		{"healthz", "GET", "/healthz", 200, "", "ok"},
		{"readyz", "GET", "/readyz", 200, "", "ready"},
		{"metrics", "GET", "/metrics", 200, "", "veldhaven_http_requests_total"},
		{"sitemap", "GET", "/sitemap.xml", 200, "", "<loc>https://www.example.com/careers/asset-manager</loc>"},
		{"robots", "GET", "/robots.txt", 200, "", "Sitemap: https://www.example.com/sitemap.xml"},
		{"no insights configured", "GET", "/linkedin-api", 404, "", ""},
		{"overlong query", "GET", "/?" + strings.Repeat("a", 3000), 414, "", ""},
		{"security.txt", "GET", "/.well-known/security.txt", 200, "", "Contact: mailto:security@example.com"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(h, tt.method, tt.path, nil)
			if rec.Code != tt.want {
				t.Fatalf("%s %s: status %d, want %d", tt.method, tt.path, rec.Code, tt.want)
			}
			if tt.location != "" && rec.Header().Get("Location") != tt.location {
				t.Errorf("Location %q, want %q", rec.Header().Get("Location"), tt.location)
			}
			if tt.bodyContains != "" && !strings.Contains(rec.Body.String(), tt.bodyContains) {
				t.Errorf("body %q does not contain %q", rec.Body.String(), tt.bodyContains)
			}
			if tt.method == "HEAD" && rec.Body.Len() != 0 {
				t.Errorf("HEAD wrote a body of %d bytes", rec.Body.Len())
			}
			if tt.want == 405 && rec.Header().Get("Allow") != "GET, HEAD" {
				t.Errorf("Allow %q, want GET, HEAD", rec.Header().Get("Allow"))
			}
		})
	}
}

func TestSecurityTxtExpiresWithinAYear(t *testing.T) {
	start := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	h := newTestHandler(t, func(c *Config) { c.Now = func() time.Time { return start } })
	body := do(h, "GET", "/.well-known/security.txt", nil).Body.String()
	if !strings.Contains(body, "Expires: 2027-05-21T00:00:00Z") {
		t.Fatalf("security.txt:\n%s", body)
	}
	if !strings.Contains(body, "Canonical: https://www.example.com/.well-known/security.txt") {
		t.Errorf("no canonical:\n%s", body)
	}
}

func TestRedirectKeepsQuery(t *testing.T) {
	rec := do(newTestHandler(t, nil), "GET", "/what-we-do/?utm_source=x", nil)
	if got := rec.Header().Get("Location"); got != "/what-we-do?utm_source=x" {
		t.Fatalf("Location %q", got)
	}
}

func TestSitemapListsPagesButNotThe404(t *testing.T) {
	body := do(newTestHandler(t, nil), "GET", "/sitemap.xml", nil).Body.String()
	for _, want := range []string{"https://www.example.com/</loc>", "https://www.example.com/what-we-do</loc>"} {
		if !strings.Contains(body, want) {
			t.Errorf("sitemap lacks %s:\n%s", want, body)
		}
	}
	if strings.Contains(body, "404") || strings.Contains(body, "fallback") {
		t.Errorf("sitemap lists a page that is not one:\n%s", body)
	}
}

func TestReadyzFollowsTheFeed(t *testing.T) {
	ready := false
	h := newTestHandler(t, func(c *Config) { c.Ready = func() bool { return ready } })
	if rec := do(h, "GET", "/readyz", nil); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("not ready: status %d", rec.Code)
	}
	ready = true
	if rec := do(h, "GET", "/readyz", nil); rec.Code != http.StatusOK {
		t.Fatalf("ready: status %d", rec.Code)
	}
}

func TestMetricsCanBeKeptOffThePublicHandler(t *testing.T) {
	reg := prometheus.NewRegistry()
	h := newTestHandler(t, func(c *Config) { c.ServeMetrics, c.Registry = false, reg })
	rec := do(h, "GET", "/metrics", nil)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "does not exist") {
		t.Fatalf("status %d, want 404 and the 404 page", rec.Code)
	}
	// A visitor's try is a 404 like any other, not a scrape.
	scrape := httptest.NewRecorder()
	MetricsHandler(reg).ServeHTTP(scrape, httptest.NewRequest("GET", "/metrics", nil))
	if out := scrape.Body.String(); !strings.Contains(out, `veldhaven_http_requests_total{class="not_found",code="404"} 1`) ||
		strings.Contains(out, `class="metrics"`) {
		t.Errorf("the public /metrics 404 is not counted as not_found:\n%s", out)
	}
}

func TestInsightsHandlerIsMounted(t *testing.T) {
	h := newTestHandler(t, func(c *Config) {
		c.Insights = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.WriteString(w, "feed:"+r.URL.Path)
		})
	})
	for _, p := range []string{"/linkedin-api", "/linkedin-api/image"} {
		if body := do(h, "GET", p, nil).Body.String(); body != "feed:"+p {
			t.Errorf("%s answered %q", p, body)
		}
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	base := func() Config {
		return Config{
			Site:     testSite(t),
			SiteURL:  "https://www.example.com",
			Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
			Registry: prometheus.NewRegistry(),
		}
	}
	tests := []struct {
		name   string
		mutate func(*Config)
	}{
		{"no site", func(c *Config) { c.Site = nil }},
		{"site URL with path", func(c *Config) { c.SiteURL = "https://x.example/sub" }},
		{"site URL without scheme", func(c *Config) { c.SiteURL = "www.example.com" }},
		{"site URL ftp", func(c *Config) { c.SiteURL = "ftp://x.example" }},
		{"no 404 page", func(c *Config) { c.Site = fstest.MapFS{"index.html": {Data: []byte("x")}} }},
		{"no home page", func(c *Config) { c.Site = fstest.MapFS{"404.html": {Data: []byte("x")}} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := base()
			tt.mutate(&cfg)
			if _, err := New(cfg); err == nil {
				t.Fatal("New accepted a bad config")
			}
		})
	}
}
