package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// discardWriter is the cheapest http.ResponseWriter: the benchmarks measure
// the handler, not a recorder.
type discardWriter struct {
	h      http.Header
	status int
	n      int
}

func (w *discardWriter) Header() http.Header { return w.h }
func (w *discardWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}
func (w *discardWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.n += len(b)
	return len(b), nil
}

// benchServe measures one request shape through the whole handler (security
// headers, logging as JSON, metrics, routing, the file), as a browser sends it.
func benchServe(b *testing.B, method, target string, headers map[string]string, wantStatus int) {
	benchServeWith(b, nil, method, target, headers, wantStatus)
}

func benchServeWith(b *testing.B, mutate func(*Config), method, target string, headers map[string]string, wantStatus int) {
	h := newTestHandler(b, func(c *Config) {
		// Production logs JSON at info level, request lines straight to the
		// log writer; discard the bytes, keep the work.
		c.Logger = slog.New(slog.NewJSONHandler(discard{}, nil))
		c.RequestLog = discard{}
		site := c.Site.(fstest.MapFS)
		site["_astro/big.AbCdEf12.js"] = &fstest.MapFile{Data: []byte(largeAsset)}
		site["_astro/big.AbCdEf12.js.gz"] = &fstest.MapFile{Data: gz(b, largeAsset)}
		if mutate != nil {
			mutate(c)
		}
	})
	req := httptest.NewRequest(method, target, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		clear(w.h)
		w.status, w.n = 0, 0
		h.ServeHTTP(w, req)
	}
	b.StopTimer()
	if w.status != wantStatus {
		b.Fatalf("status %d, want %d", w.status, wantStatus)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// largeAsset stands for a framework bundle (about 200 KB, some KB gzipped).
var largeAsset = strings.Repeat("export const x = 'a fairly large hashed bundle';\n", 4000)

const browserAE = "gzip, deflate, br, zstd"

func BenchmarkServeHomeGzip(b *testing.B) {
	benchServe(b, "GET", "/", map[string]string{"Accept-Encoding": "gzip"}, http.StatusOK)
}

func BenchmarkServeHomeBrowser(b *testing.B) {
	benchServe(b, "GET", "/", map[string]string{"Accept-Encoding": browserAE}, http.StatusOK)
}

func BenchmarkServeAssetGzip(b *testing.B) {
	benchServe(b, "GET", "/_astro/big.AbCdEf12.js", map[string]string{"Accept-Encoding": "gzip"}, http.StatusOK)
}

func BenchmarkServeNotFound(b *testing.B) {
	benchServe(b, "GET", "/no-such-page", map[string]string{"Accept-Encoding": "gzip"}, http.StatusNotFound)
}

func BenchmarkServeNotModified(b *testing.B) {
	h := newTestHandler(b, nil)
	etag := do(h, "GET", "/", map[string]string{"Accept-Encoding": "gzip"}).Header().Get("ETag")
	benchServe(b, "GET", "/", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag}, http.StatusNotModified)
}

func BenchmarkServeRange(b *testing.B) {
	benchServe(b, "GET", "/media/documents/code-of-conduct.pdf", map[string]string{"Range": "bytes=0-3"}, http.StatusPartialContent)
}

func BenchmarkServeVideo(b *testing.B) {
	benchServeWith(b, func(c *Config) {
		c.Site.(fstest.MapFS)["media/video/hero.0a1b2c3d.mp4"] = &fstest.MapFile{Data: patterned(1 << 20)}
	}, "GET", "/media/video/hero.0a1b2c3d.mp4", nil, http.StatusOK)
}

func BenchmarkServeHealthz(b *testing.B) {
	benchServe(b, "GET", "/healthz", nil, http.StatusOK)
}
