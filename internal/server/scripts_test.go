package server

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"log/slog"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/prometheus/client_golang/prometheus"
)

func hashSource(code string) string {
	sum := sha256.Sum256([]byte(code))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// TestOnlyDeclaredInlineScriptsAllowed reproduces finding 4 of issue 23: a
// script that got into a page other than through the build's declared
// scripts (content that broke out of a JSON-LD block) is not allowed by the
// page's policy, while the page's own declared script is.
func TestOnlyDeclaredInlineScriptsAllowed(t *testing.T) {
	const injected = `alert(document.domain)`
	page := `<html><head><script type="application/ld+json">{"title":"x"}</script><script>` + injected +
		`</script><script type="application/ld+json">"}</script></head><body><script>window.ctx = 1;</script></body></html>`
	for _, tc := range []struct {
		name      string
		manifest  []byte // nil: none in the build
		wantOwn   bool
		wantWarns []string
	}{
		{"declared list", declaredScriptsJSON(t, map[string][]string{"index.html": {"window.ctx = 1;"}, "404.html": {"window.ctx = 2;"}}), true,
			[]string{"did not declare", hashSource(injected)}},
		{"no list in the build", nil, false, []string{"declares no inline scripts"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			site := testSite(t)
			site["index.html"] = &fstest.MapFile{Data: []byte(page)}
			delete(site, "index.html.gz")
			delete(site, "index.html.br")
			if tc.manifest == nil {
				delete(site, declaredScriptsFile)
			} else {
				site[declaredScriptsFile] = &fstest.MapFile{Data: tc.manifest}
			}
			var logs strings.Builder
			h := newTestHandler(t, func(c *Config) {
				c.Site = site
				c.Logger = slog.New(slog.NewTextHandler(&logs, nil))
			})
			csp := do(h, "GET", "/", nil).Header().Get("Content-Security-Policy")
			scriptSrc, _, _ := strings.Cut(strings.SplitN(csp, "script-src ", 2)[1], ";")
			if strings.Contains(scriptSrc, hashSource(injected)) {
				t.Errorf("the injected script is allowed: %s", scriptSrc)
			}
			if got := strings.Contains(scriptSrc, hashSource("window.ctx = 1;")); got != tc.wantOwn {
				t.Errorf("the page's own script allowed: %v, want %v (%s)", got, tc.wantOwn, scriptSrc)
			}
			if strings.Count(scriptSrc, "'sha256-") > 1 {
				t.Errorf("JSON-LD blocks are data, never hashed: %s", scriptSrc)
			}
			for _, w := range tc.wantWarns {
				if !strings.Contains(logs.String(), w) {
					t.Errorf("log lacks %q:\n%s", w, logs.String())
				}
			}
			if do(h, "GET", "/"+declaredScriptsFile, nil).Code != 404 {
				t.Error("the list is served")
			}
		})
	}
}

func TestMalformedDeclaredScriptsStopStart(t *testing.T) {
	for name, data := range map[string]string{
		"not JSON":        `{`,
		"other version":   `{"version":2,"pages":{}}`,
		"no pages":        `{"version":1}`,
		"not a hash":      `{"version":1,"pages":{"index.html":["'unsafe-inline'"]}}`,
		"a quoted hash":   `{"version":1,"pages":{"index.html":["'sha256-abc='"]}}`,
		"an unknown key":  `{"version":1,"pages":{},"extra":true}`,
		"hashes not list": `{"version":1,"pages":{"index.html":"sha256-abc="}}`,
	} {
		t.Run(name, func(t *testing.T) {
			site := testSite(t)
			site[declaredScriptsFile] = &fstest.MapFile{Data: []byte(data)}
			_, err := New(Config{Site: site, SiteURL: "https://www.example.com", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Registry: prometheus.NewRegistry()})
			if err == nil || !strings.Contains(err.Error(), declaredScriptsFile) {
				t.Fatalf("New: %v, want an error naming %s", err, declaredScriptsFile)
			}
		})
	}
}
