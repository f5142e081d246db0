package server

import (
	"net/http"
	"strconv"
	"testing"
	"testing/fstest"
)

func TestCachingAndEncoding(t *testing.T) {
	h := newTestHandler(t, nil)
	tests := []struct {
		name, path, acceptEncoding string
		wantEncoding, wantCache    string
		wantType                   string
	}{
		{"html brotli", "/", "gzip, deflate, br", "br", "no-cache", "text/html; charset=utf-8"},
		{"html gzip", "/", "gzip", "gzip", "no-cache", "text/html; charset=utf-8"},
		{"html identity", "/", "", "", "no-cache", "text/html; charset=utf-8"},
		{"br refused", "/", "br;q=0, gzip", "gzip", "no-cache", "text/html; charset=utf-8"},
		{"star", "/", "*", "br", "no-cache", "text/html; charset=utf-8"},
		{"absurd header", "/", "br;q=9, gzip;q=abc, ;;;,,", "", "no-cache", "text/html; charset=utf-8"},
		{"hashed js", "/_astro/entry.AbCdEf12.js", "br", "", "public, max-age=31536000, immutable", "text/javascript; charset=utf-8"},
		{"hashed css", "/_astro/root.Zz9_x-Y1.css", "", "", "public, max-age=31536000, immutable", "text/css; charset=utf-8"},
		{"hashed media", "/media/img/hero-640.0123abcd.avif", "", "", "public, max-age=31536000, immutable", "image/avif"},
		{"hashed editor js", "/admin/assets/index.AbCdEf12.js", "", "", "public, max-age=31536000, immutable", "text/javascript; charset=utf-8"},
		{"stable pdf", "/media/documents/code-of-conduct.pdf", "", "", "no-cache", "application/pdf"},
		{"404 page", "/nope", "", "", "no-cache", "text/html; charset=utf-8"},
		{"sitemap", "/sitemap.xml", "gzip", "", "no-cache", "application/xml; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(h, "GET", tt.path, map[string]string{"Accept-Encoding": tt.acceptEncoding})
			if got := rec.Header().Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.wantEncoding)
			}
			if got := rec.Header().Get("Cache-Control"); got != tt.wantCache {
				t.Errorf("Cache-Control %q, want %q", got, tt.wantCache)
			}
			if got := rec.Header().Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type %q, want %q", got, tt.wantType)
			}
			if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary %q", got)
			}
		})
	}
}

func TestConditionalRequests(t *testing.T) {
	h := newTestHandler(t, nil)
	first := do(h, "GET", "/", map[string]string{"Accept-Encoding": "br"})
	etag := first.Header().Get("ETag")
	if etag == "" || etag[0] != '"' {
		t.Fatalf("want a strong ETag, got %q", etag)
	}
	if gzipTag := do(h, "GET", "/", map[string]string{"Accept-Encoding": "gzip"}).Header().Get("ETag"); gzipTag == etag {
		t.Errorf("br and gzip variants share ETag %s", etag)
	}
	tests := []struct {
		name, ifNoneMatch string
		want              int
	}{
		{"same", etag, http.StatusNotModified},
		{"list", `"other", ` + etag, http.StatusNotModified},
		{"star", "*", http.StatusNotModified},
		{"other", `"other"`, http.StatusOK},
		{"weak form of ours", "W/" + etag, http.StatusNotModified},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(h, "GET", "/", map[string]string{"Accept-Encoding": "br", "If-None-Match": tt.ifNoneMatch})
			if rec.Code != tt.want {
				t.Fatalf("status %d, want %d", rec.Code, tt.want)
			}
			if rec.Code == http.StatusNotModified && rec.Body.Len() != 0 {
				t.Error("304 with a body")
			}
		})
	}
}

func TestRangeOnIdentityAsset(t *testing.T) {
	rec := do(newTestHandler(t, nil), "GET", "/media/documents/code-of-conduct.pdf", map[string]string{"Range": "bytes=0-3"})
	if rec.Code != http.StatusPartialContent || rec.Body.String() != "%PDF" {
		t.Fatalf("status %d body %q", rec.Code, rec.Body.String())
	}
	absurd := do(newTestHandler(t, nil), "GET", "/media/documents/code-of-conduct.pdf", map[string]string{"Range": "bytes=999999999-0,-,a-b"})
	if absurd.Code >= 500 {
		t.Fatalf("absurd range: status %d", absurd.Code)
	}
}

// TestCompressedAnswersHaveALength: http.ServeContent leaves Content-Length
// out when Content-Encoding is set; the server puts it back, so a page is
// not sent in chunks.
func TestCompressedAnswersHaveALength(t *testing.T) {
	h := newTestHandler(t, nil)
	for _, ae := range []string{"", "gzip", "br"} {
		for _, method := range []string{"GET", "HEAD"} {
			rec := do(h, method, "/", map[string]string{"Accept-Encoding": ae})
			want := len(homeHTML)
			switch ae {
			case "gzip":
				want = len(gz(t, homeHTML))
			case "br":
				want = len("brotli-bytes-of-home")
			}
			if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(want) {
				t.Errorf("%s %q: Content-Length %q, want %d", method, ae, got, want)
			}
			if method == "GET" && rec.Body.Len() != want {
				t.Errorf("%s %q: %d bytes, want %d", method, ae, rec.Body.Len(), want)
			}
		}
	}
}

func TestNameValidator(t *testing.T) {
	tests := []struct {
		name, want string
	}{
		{"_astro/client.BJVRVHa9.js", "BJVRVHa9"},
		// Not where the build puts hashed bundles: the bytes are hashed.
		{"assets/entry.client-BJVRVHa9.js", ""},
		{"_astro/root.Zz9_x-Y1.css", "Zz9_x-Y1"},
		{"media/img/hero-640.0123abcd.avif", "0123abcd"},
		// Not content-addressed: the bytes are hashed.
		{"media/documents/code-of-conduct.pdf", ""},
		{"index.html", ""},
	}
	for _, tt := range tests {
		if got, _ := nameValidator(tt.name); got != tt.want {
			t.Errorf("%s: validator %q, want %q", tt.name, got, tt.want)
		}
	}
	// Files whose name holds no hash are told apart by their bytes.
	one, two := fstest.MapFS{"a.pdf": {Data: []byte("one")}}, fstest.MapFS{"a.pdf": {Data: []byte("two")}}
	fa, _ := newFile(one, "a.pdf", nil, nil)
	fb, _ := newFile(two, "a.pdf", nil, nil)
	a, b := fa.etags[""][0], fb.etags[""][0]
	if a == b || len(a) != 26 {
		t.Errorf("validators %q and %q of different bytes", a, b)
	}
}
