package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/prometheus/client_golang/prometheus"
)

const editorHTML = `<!DOCTYPE html><html><head><title>Editor</title></head><body><script>window.CMS_MANUAL_INIT = true;</script><script type="module" src="/_astro/admin.Xy12_aBc.js"></script></body></html>`

// editorSite is testSite with the editor in it, as the web build writes it.
func editorSite(t testing.TB) fstest.MapFS {
	fsys := testSite(t)
	fsys["admin/index.html"] = &fstest.MapFile{Data: []byte(editorHTML)}
	fsys["admin/index.html.gz"] = &fstest.MapFile{Data: gz(t, editorHTML)}
	fsys["admin/config.json"] = &fstest.MapFile{Data: []byte(`{"collections":[]}`)}
	fsys["admin/config.json.gz"] = &fstest.MapFile{Data: gz(t, `{"collections":[]}`)}
	fsys["admin/preview.css"] = &fstest.MapFile{Data: []byte("main{}")}
	fsys["_astro/admin.Xy12_aBc.js"] = &fstest.MapFile{Data: []byte("import('decap')")}
	return fsys
}

const testConfigYAML = `{"backend":{"name":"proxy","proxy_url":"http://127.0.0.1:8081/api/v1"},"collections":[]}`

// signInStub stands for internal/editor's sign-in handler.
var signInStub = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = io.WriteString(w, "sign-in "+r.URL.Path)
})

func TestEditorRoutes(t *testing.T) {
	configured := newTestHandler(t, func(c *Config) {
		c.Site = editorSite(t)
		c.Editor = Editor{ConfigYAML: []byte(testConfigYAML), SignIn: signInStub, ConnectSources: []string{"https://api.github.com"}}
	})
	unconfigured := newTestHandler(t, func(c *Config) { c.Site = editorSite(t) })
	noEditor := newTestHandler(t, nil)
	tests := []struct {
		name         string
		h            http.Handler
		method, path string
		status       int
		location     string
		contentType  string
		bodyContains string
	}{
		{"the editor's page", configured, "GET", "/admin/", 200, "", "text/html; charset=utf-8", "window.CMS_MANUAL_INIT"},
		{"the page, head", configured, "HEAD", "/admin/", 200, "", "text/html; charset=utf-8", ""},
		{"without the slash", configured, "GET", "/admin", 301, "/admin/", "", ""},
		{"without the slash, query kept", configured, "GET", "/admin?x=1", 301, "/admin/?x=1", "", ""},
		{"index.html", configured, "GET", "/admin/index.html", 301, "/admin/", "", ""},
		{"config", configured, "GET", "/admin/config.yml", 200, "", "text/yaml; charset=utf-8", testConfigYAML},
		{"the build's config is not served", configured, "GET", "/admin/config.json", 404, "", "text/html; charset=utf-8", "does not exist"},
		{"nor its compressed variant", configured, "GET", "/admin/config.json.gz", 404, "", "text/html; charset=utf-8", "does not exist"},
		{"an asset of the editor", configured, "GET", "/admin/preview.css", 200, "", "text/css; charset=utf-8", "main{}"},
		{"unknown under /admin", configured, "GET", "/admin/nope", 404, "", "text/html; charset=utf-8", "does not exist"},
		{"extra slashes", configured, "GET", "/admin//", 404, "", "text/html; charset=utf-8", "does not exist"},
		{"dot segments", configured, "GET", "/admin/../admin/", 404, "", "text/html; charset=utf-8", "does not exist"},
		{"auth", configured, "GET", "/admin/auth?provider=github", 200, "", "", "sign-in /admin/auth"},
		{"callback", configured, "GET", "/admin/callback?code=x&state=y", 200, "", "", "sign-in /admin/callback"},
		{"post", configured, "POST", "/admin/", 405, "", "", ""},
		{"post auth", configured, "POST", "/admin/auth", 405, "", "", ""},
		{"not /administrator", configured, "GET", "/administrator", 404, "", "text/html; charset=utf-8", "does not exist"},

		{"unconfigured: the page still", unconfigured, "GET", "/admin/", 200, "", "text/html; charset=utf-8", "window.CMS_MANUAL_INIT"},
		{"unconfigured: config", unconfigured, "GET", "/admin/config.yml", 404, "", "application/json; charset=utf-8", `{"status":404,"message":"the editor is not configured on this server"}`},
		{"unconfigured: auth", unconfigured, "GET", "/admin/auth?provider=github&scope=repo", 404, "", "text/html; charset=utf-8", "does not exist"},
		{"unconfigured: callback", unconfigured, "GET", "/admin/callback?code=x&state=y", 404, "", "text/html; charset=utf-8", "does not exist"},

		{"no editor in the build", noEditor, "GET", "/admin/", 404, "", "text/html; charset=utf-8", "does not exist"},
		{"no editor in the build, no slash", noEditor, "GET", "/admin", 404, "", "text/html; charset=utf-8", "does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(tt.h, tt.method, tt.path, map[string]string{"Accept-Encoding": "gzip"})
			if rec.Code != tt.status {
				t.Fatalf("%s %s: status %d, want %d", tt.method, tt.path, rec.Code, tt.status)
			}
			if got := rec.Header().Get("Location"); got != tt.location {
				t.Errorf("Location %q, want %q", got, tt.location)
			}
			if tt.contentType != "" && rec.Header().Get("Content-Type") != tt.contentType {
				t.Errorf("Content-Type %q, want %q", rec.Header().Get("Content-Type"), tt.contentType)
			}
			body := rec.Body.String()
			if rec.Header().Get("Content-Encoding") == "gzip" && tt.method != "HEAD" {
				body = gunzip(t, rec.Body.Bytes())
			}
			if !strings.Contains(body, tt.bodyContains) {
				t.Errorf("body %.200q does not contain %q", body, tt.bodyContains)
			}
			if p := strings.Split(tt.path, "?")[0]; (p == "/admin" || strings.HasPrefix(p, "/admin/")) && isCleanPath(p) && rec.Header().Get("X-Robots-Tag") != "noindex" {
				t.Errorf("X-Robots-Tag %q, want noindex", rec.Header().Get("X-Robots-Tag"))
			}
		})
	}
}

func TestEditorHeaders(t *testing.T) {
	h := newTestHandler(t, func(c *Config) {
		c.Site = editorSite(t)
		c.Editor = Editor{ConfigYAML: []byte(testConfigYAML), ConnectSources: []string{"http://127.0.0.1:8081"}}
	})
	page := do(h, "GET", "/admin/", nil)
	if cc := page.Header().Get("Cache-Control"); cc != "no-cache" || page.Header().Get("Etag") == "" {
		t.Errorf("page: Cache-Control %q, ETag %q: want no-cache with a validator", cc, page.Header().Get("Etag"))
	}
	if coop := page.Header().Get("Cross-Origin-Opener-Policy"); coop != "same-origin-allow-popups" {
		t.Errorf("page: COOP %q: the sign-in popup must keep its opener", coop)
	}
	if xfo := page.Header().Get("X-Frame-Options"); xfo != "DENY" {
		t.Errorf("page: X-Frame-Options %q", xfo)
	}
	// sha256 of "window.CMS_MANUAL_INIT = true;"
	want := cspBuilder{}.buildEditor(inlineHashes{Scripts: []string{hashSource("window.CMS_MANUAL_INIT = true;")}}, []string{"http://127.0.0.1:8081"})
	if got := page.Header().Get("Content-Security-Policy"); got != want {
		t.Errorf("page CSP\n got %s\nwant %s", got, want)
	}
	if !strings.Contains(want, "connect-src 'self' blob: http://127.0.0.1:8081;") || strings.Count(want, "'sha256-") != 1 {
		t.Errorf("editor policy %s: want its backend and its one inline script", want)
	}
	config := do(h, "GET", "/admin/config.yml", nil)
	if cc := config.Header().Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("config: Cache-Control %q", cc)
	}
	if etag := config.Header().Get("Etag"); etag == "" {
		t.Error("config: no ETag")
	} else if again := do(h, "GET", "/admin/config.yml", map[string]string{"If-None-Match": etag}); again.Code != http.StatusNotModified {
		t.Errorf("config revalidation: %d, want 304", again.Code)
	}
}

func TestExactEditorPolicy(t *testing.T) {
	got := cspBuilder{upgrade: true}.buildEditor(inlineHashes{Scripts: []string{"'sha256-abc'"}, Styles: []string{"'sha256-def'"}}, []string{"https://api.github.com"})
	want := "default-src 'self'; script-src 'self' 'unsafe-eval' 'sha256-abc'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com; " +
		"media-src 'self' blob:; font-src 'self'; connect-src 'self' blob: https://api.github.com; manifest-src 'self'; " +
		"worker-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'none'; " +
		"frame-ancestors 'none'; upgrade-insecure-requests"
	if got != want {
		t.Fatalf("policy\n got %s\nwant %s", got, want)
	}
	if got := (cspBuilder{}).buildEditor(inlineHashes{}, nil); !strings.Contains(got, "connect-src 'self' blob:;") || strings.Contains(got, "upgrade") {
		t.Errorf("no backend: %s", got)
	}
}

// TestSitePagesKeepTheirPolicy: the editor changes nothing on the site's own
// responses: policy, headers and the sitemap.
func TestSitePagesKeepTheirPolicy(t *testing.T) {
	plain := newTestHandler(t, nil)
	withEditor := newTestHandler(t, func(c *Config) {
		c.Site = editorSite(t)
		c.Editor = Editor{ConfigYAML: []byte(testConfigYAML), SignIn: signInStub, ConnectSources: []string{"https://api.github.com"}}
	})
	editorCSP := do(withEditor, "GET", "/admin/", nil).Header().Get("Content-Security-Policy")
	for _, p := range []string{"/", "/what-we-do", "/careers/asset-manager", "/nope", "/media/documents/code-of-conduct.pdf", "/healthz"} {
		a, b := do(plain, "GET", p, nil), do(withEditor, "GET", p, nil)
		for _, k := range []string{"Content-Security-Policy", "Cross-Origin-Opener-Policy", "X-Frame-Options", "Permissions-Policy", "Cache-Control"} {
			if a.Header().Get(k) != b.Header().Get(k) {
				t.Errorf("%s: %s changed with the editor:\n%s\n%s", p, k, a.Header().Get(k), b.Header().Get(k))
			}
		}
		if b.Header().Get("X-Robots-Tag") != "" {
			t.Errorf("%s: X-Robots-Tag on a page of the site", p)
		}
		csp := b.Header().Get("Content-Security-Policy")
		if csp == editorCSP || strings.Contains(csp, "unsafe-") {
			t.Errorf("%s: the editor's policy on a page of the site: %s", p, csp)
		}
	}
	sitemap := do(withEditor, "GET", "/sitemap.xml", nil).Body.String()
	if strings.Contains(sitemap, "admin") || sitemap != do(plain, "GET", "/sitemap.xml", nil).Body.String() {
		t.Errorf("sitemap with the editor:\n%s", sitemap)
	}
	robots := do(withEditor, "GET", "/robots.txt", nil).Body.String()
	if !strings.Contains(robots, "\nDisallow: /admin\n") {
		t.Errorf("robots.txt does not keep crawlers out of the editor:\n%s", robots)
	}
}

// TestEditorCallbackNotLogged: the request log has paths only, so the code
// and state of a callback never reach it.
func TestEditorCallbackNotLogged(t *testing.T) {
	for _, direct := range []bool{false, true} {
		var logs bytes.Buffer
		reg := prometheus.NewRegistry()
		h := newTestHandler(t, func(c *Config) {
			c.Site = editorSite(t)
			c.Registry = reg
			c.Editor = Editor{ConfigYAML: []byte(testConfigYAML), SignIn: signInStub}
			c.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
			if direct {
				c.RequestLog = &logs
			}
		})
		do(h, "GET", "/admin/callback?code=the-secret-code&state=the-state", nil)
		do(h, "GET", "/admin/auth?provider=github&scope=repo", nil)
		lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
		if len(lines) != 2 {
			t.Fatalf("want 2 lines, got %q", logs.String())
		}
		var entry map[string]any
		if err := json.Unmarshal([]byte(lines[0]), &entry); err != nil {
			t.Fatal(err)
		}
		if entry["path"] != "/admin/callback" || entry["class"] != "editor" {
			t.Errorf("entry %v", entry)
		}
		if strings.Contains(logs.String(), "the-secret-code") || strings.Contains(logs.String(), "the-state") || strings.Contains(logs.String(), "scope") {
			t.Errorf("query string logged: %s", logs.String())
		}
		metrics := do(h, "GET", "/metrics", nil).Body.String()
		if !strings.Contains(metrics, `veldhaven_http_requests_total{class="editor",code="200"} 2`) {
			t.Errorf("editor requests not counted in their class")
		}
	}
}

func gunzip(t testing.TB, data []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
