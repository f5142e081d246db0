package server

import (
	"strings"
	"testing"
)

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	h := newTestHandler(t, nil)
	documents := []string{"/", "/nope", "/_astro/missing.js", "/healthz", "/what-we-do/", "/metrics",
		"/media/documents/code-of-conduct.pdf", "/robots.txt"}
	subresources := []string{"/_astro/entry.AbCdEf12.js", "/_astro/root.Zz9_x-Y1.css", "/media/img/hero-640.0123abcd.avif"}
	for _, p := range append(documents, subresources...) {
		rec := do(h, "GET", p, nil)
		want := map[string]string{
			"X-Content-Type-Options":       "nosniff",
			"Referrer-Policy":              "strict-origin-when-cross-origin",
			"Cross-Origin-Resource-Policy": "same-origin",
		}
		for k, v := range want {
			if got := rec.Header().Get(k); got != v {
				t.Errorf("%s: %s = %q, want %q", p, k, got, v)
			}
		}
		if rec.Header().Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS sent without -hsts", p)
		}
	}
	for _, p := range documents {
		rec := do(h, "GET", p, nil)
		if got := rec.Header().Get("Cross-Origin-Opener-Policy"); got != "same-origin" {
			t.Errorf("%s: COOP = %q", p, got)
		}
		if got := rec.Header().Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("%s: X-Frame-Options = %q", p, got)
		}
		pp := rec.Header().Get("Permissions-Policy")
		for _, feature := range []string{"camera=()", "microphone=()", "geolocation=()"} {
			if !strings.Contains(pp, feature) {
				t.Errorf("%s: Permissions-Policy %q lacks %s", p, pp, feature)
			}
		}
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-") {
			t.Errorf("%s: CSP %q", p, csp)
		}
	}
	// Scripts, styles and raster images are never documents: the headers
	// that only govern documents are left off them.
	for _, p := range subresources {
		for _, enc := range []string{"", "gzip", "br"} {
			rec := do(h, "GET", p, map[string]string{"Accept-Encoding": enc})
			if rec.Code != 200 {
				t.Fatalf("%s: status %d", p, rec.Code)
			}
			for _, k := range documentOnlyHeaders {
				if v := rec.Header().Get(k); v != "" {
					t.Errorf("%s (%q): document-only %s = %q", p, enc, k, v)
				}
			}
		}
	}
}

func TestSubresourceTypes(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"a.js", true}, {"a.mjs", true}, {"a.css", true}, {"a.avif", true}, {"a.webp", true},
		{"a.png", true}, {"a.jpg", true}, {"a.woff2", true}, {"a.mp4", true}, {"a.ico", true},
		{"a.html", false}, {"a.svg", false}, {"a.pdf", false}, {"a.json", false}, {"a.txt", false},
		{"a.xml", false}, {"a.webmanifest", false}, {"a.vtt", false}, {"a.unknown", false},
	} {
		if got := isSubresourceType(contentType(tc.name)); got != tc.want {
			t.Errorf("%s (%s): subresource %v, want %v", tc.name, contentType(tc.name), got, tc.want)
		}
	}
}

func TestExactPolicy(t *testing.T) {
	got := cspBuilder{frameSources: []string{"https://maps.example"}}.build(inlineHashes{Scripts: []string{"'sha256-abc'"}, Styles: []string{"'sha256-def'"}})
	want := "default-src 'self'; script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def'; img-src 'self' data:; " +
		"media-src 'self'; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'none'; " +
		"frame-src https://maps.example; object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'"
	if got != want {
		t.Fatalf("policy\n got %s\nwant %s", got, want)
	}
	if got := (cspBuilder{}).build(inlineHashes{}); !strings.Contains(got, "frame-src 'none'") || !strings.Contains(got, "style-src 'self';") {
		t.Errorf("no frame sources should forbid frames: %s", got)
	}
}

func TestPageCSPHashesItsInlineScriptsOnly(t *testing.T) {
	rec := do(newTestHandler(t, nil), "GET", "/", nil)
	csp := rec.Header().Get("Content-Security-Policy")
	// sha256 of "window.ctx = 1;"
	if !strings.Contains(csp, "'sha256-") {
		t.Fatalf("no script hash in %q", csp)
	}
	script, style, _ := strings.Cut(strings.SplitN(csp, "script-src ", 2)[1], "style-src ")
	if n := strings.Count(script, "'sha256-"); n != 1 {
		t.Errorf("want exactly one script hash (module script has src, JSON-LD is data), got %d: %s", n, csp)
	}
	// echo -n 'h1{color:navy}' | openssl dgst -sha256 -binary | base64
	if !strings.HasPrefix(style, "'self' 'sha256-IbF9LRTAscjo1/eHNFiMBy41VCSC6Pa+msEkHP5i/fg='; ") {
		t.Errorf("style-src should allow exactly the page's inline stylesheet: %s", csp)
	}
	nf := do(newTestHandler(t, nil), "GET", "/nope", nil).Header().Get("Content-Security-Policy")
	if nf == csp || !strings.Contains(nf, "'sha256-") {
		t.Errorf("404 page needs the hash of its own script: %s", nf)
	}
}

func TestHSTSWhenEnabled(t *testing.T) {
	rec := do(newTestHandler(t, func(c *Config) { c.HSTS = true }), "GET", "/", nil)
	if got := rec.Header().Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=63072000") {
		t.Fatalf("HSTS = %q", got)
	}
	if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "upgrade-insecure-requests") {
		t.Error("CSP should upgrade insecure requests behind TLS")
	}
}

// Share images are shown by the networks and by any page embedding a link
// preview; everything else stays same-origin.
func TestShareImagesMayBeEmbeddedElsewhere(t *testing.T) {
	h := newTestHandler(t, nil)
	tests := []struct{ path, want string }{
		{"/media/share/home.0123abcd.jpg", "cross-origin"},
		{"/media/img/hero-640.0123abcd.avif", "same-origin"},
		{"/", "same-origin"},
	}
	for _, tt := range tests {
		rec := do(h, "GET", tt.path, nil)
		if rec.Code != 200 {
			t.Fatalf("%s: status %d", tt.path, rec.Code)
		}
		if got := rec.Header().Get("Cross-Origin-Resource-Policy"); got != tt.want {
			t.Errorf("%s: Cross-Origin-Resource-Policy = %q, want %q", tt.path, got, tt.want)
		}
	}
}
