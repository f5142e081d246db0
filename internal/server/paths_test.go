package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// hostilePaths are request targets that must never read outside the site or
// fail: traversal in its encodings, NUL, backslashes, overlong and invalid UTF-8.
var hostilePaths = []string{
	"/../etc/passwd",
	"/..%2fetc%2fpasswd",
	"/%2e%2e/%2e%2e/etc/passwd",
	"/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
	"/_astro/..%2f..%2fgo.mod",
	"/_astro/%2e%2e/%2e%2e/web/embed.go",
	"/..\\..\\etc\\passwd",
	"/%5c..%5c..%5cetc%5cpasswd",
	"/assets%5c..%5cindex.html",
	"/%00",
	"/index.html%00.js",
	"/_astro/entry.AbCdEf12.js%00",
	"/%c0%ae%c0%ae/etc/passwd",
	"/%c0%af",
	"/%e0%80%ae%e0%80%ae/",
	"/%ff%fe",
	"/what-we-do%2f",
	"/what-we-do%2F..%2F..%2F",
	"/./what-we-do",
	"/what-we-do/.",
	"//etc/passwd",
	"/.hidden",
	"/%2ehidden",
	"/" + strings.Repeat("a", 5000),
	"/" + strings.Repeat("../", 400),
	"/careers/%0d%0aSet-Cookie:%20x=1",
	"/%252e%252e/etc/passwd",
	"/file:///etc/passwd",
	"/\x7f",
}

func TestHostilePaths(t *testing.T) {
	h := newTestHandler(t, nil)
	for _, p := range hostilePaths {
		t.Run(p[:min(len(p), 40)], func(t *testing.T) {
			rec := do(h, "GET", p, nil)
			if rec.Code >= 500 {
				t.Fatalf("status %d", rec.Code)
			}
			body := rec.Body.String()
			if strings.Contains(body, "root:") || strings.Contains(body, "secret") || strings.Contains(body, "module github.com") {
				t.Fatalf("leaked a file: %q", body[:min(len(body), 80)])
			}
			if loc := rec.Header().Get("Location"); strings.HasPrefix(loc, "//") || strings.Contains(loc, "://") {
				t.Fatalf("off-site redirect to %q", loc)
			}
			if rec.Header().Get("Set-Cookie") != "" {
				t.Fatal("header injection")
			}
		})
	}
}

// FuzzPath checks that no request path makes the handler fail, answer
// anything but a page, a redirect to a path on the site, or the 404 page.
func FuzzPath(f *testing.F) {
	for _, p := range hostilePaths {
		f.Add(p)
	}
	f.Add("/what-we-do/")
	f.Add("/careers/asset-manager")
	h := newTestHandler(f, nil)
	f.Fuzz(func(t *testing.T, p string) {
		req := httptest.NewRequest("GET", "http://www.example.com/", nil)
		req.URL.Path = "/" + strings.TrimLeft(p, "/")
		req.URL.RawPath = ""
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusOK, http.StatusNotFound, http.StatusMovedPermanently, http.StatusNotModified:
		default:
			t.Fatalf("path %q: status %d", p, rec.Code)
		}
		if loc := rec.Header().Get("Location"); loc != "" && (!strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//")) {
			t.Fatalf("path %q: Location %q leaves the site", p, loc)
		}
		if strings.Contains(rec.Body.String(), "secret") {
			t.Fatalf("path %q served a hidden file", p)
		}
	})
}

func TestSafePath(t *testing.T) {
	tests := []struct {
		p    string
		want bool
	}{
		{"/", true},
		{"/careers/asset-manager", true},
		{"/who-we-are/12", true},
		{"", false},
		{"relative", false},
		{"/a/../b", false},
		{"/a/./b", false},
		{"/a\\b", false},
		{"/a\x00b", false},
		{"/\xff", false},
		{"/" + strings.Repeat("x", maxPathLen), false},
		{"/Palægade", true},
	}
	for _, tt := range tests {
		if got := safePath(tt.p); got != tt.want {
			t.Errorf("safePath(%q) = %v, want %v", tt.p, got, tt.want)
		}
	}
}
