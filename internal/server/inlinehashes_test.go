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

// TestOnlyListedInlineCodeAllowed: a page's policy allows the inline
// scripts and styles the build listed for it and nothing else: a script that
// got into a page another way (content that broke out of a JSON-LD block)
// is not allowed, and without a list no inline code is.
func TestOnlyListedInlineCodeAllowed(t *testing.T) {
	const injected = `alert(document.domain)`
	page := `<html><head><script type="application/ld+json">{"title":"x"}</script><script>` + injected +
		`</script><script type="application/ld+json">"}</script><style>h1{color:navy}</style></head><body><script>window.ctx = 1;</script></body></html>`
	for _, tc := range []struct {
		name     string
		list     bool
		wantOwn  bool
		wantWarn string
	}{
		{"the build's list", true, true, ""},
		{"no list in the build", false, false, "lists no inline scripts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			site := testSite(t)
			site["index.html"] = &fstest.MapFile{Data: []byte(page)}
			if !tc.list {
				delete(site, inlineHashesFile)
			}
			var logs strings.Builder
			h := newTestHandler(t, func(c *Config) {
				c.Site = site
				c.Logger = slog.New(slog.NewTextHandler(&logs, nil))
			})
			csp := do(h, "GET", "/", nil).Header().Get("Content-Security-Policy")
			scriptSrc, _, _ := strings.Cut(strings.SplitN(csp, "script-src ", 2)[1], ";")
			styleSrc, _, _ := strings.Cut(strings.SplitN(csp, "style-src ", 2)[1], ";")
			if strings.Contains(scriptSrc, hashSource(injected)) {
				t.Errorf("the injected script is allowed: %s", scriptSrc)
			}
			if got := strings.Contains(scriptSrc, hashSource("window.ctx = 1;")); got != tc.wantOwn {
				t.Errorf("the page's own script allowed: %v, want %v (%s)", got, tc.wantOwn, scriptSrc)
			}
			if got := strings.Contains(styleSrc, hashSource("h1{color:navy}")); got != tc.wantOwn {
				t.Errorf("the page's own style allowed: %v, want %v (%s)", got, tc.wantOwn, styleSrc)
			}
			if strings.Count(scriptSrc, "'sha256-") > 1 {
				t.Errorf("only the listed script: %s", scriptSrc)
			}
			if tc.wantWarn != "" && !strings.Contains(logs.String(), tc.wantWarn) {
				t.Errorf("log lacks %q:\n%s", tc.wantWarn, logs.String())
			}
			if do(h, "GET", "/"+inlineHashesFile, nil).Code != 404 {
				t.Error("the list is served")
			}
		})
	}
}

func TestMalformedInlineHashesStopStart(t *testing.T) {
	for name, data := range map[string]string{
		"not JSON":         `{`,
		"not an object":    `[]`,
		"null":             `null`,
		"not a hash":       `{"index.html":{"scripts":["'unsafe-inline'"]}}`,
		"a quoted hash":    `{"index.html":{"styles":["'sha256-abc='"]}}`,
		"an unknown key":   `{"index.html":{"scripts":[],"extra":true}}`,
		"hashes not lists": `{"index.html":{"scripts":"sha256-abc="}}`,
	} {
		t.Run(name, func(t *testing.T) {
			site := testSite(t)
			site[inlineHashesFile] = &fstest.MapFile{Data: []byte(data)}
			_, err := New(Config{Site: site, SiteURL: "https://www.example.com", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Registry: prometheus.NewRegistry()})
			if err == nil || !strings.Contains(err.Error(), inlineHashesFile) {
				t.Fatalf("New: %v, want an error naming %s", err, inlineHashesFile)
			}
		})
	}
}
