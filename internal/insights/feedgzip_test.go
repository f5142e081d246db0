package insights

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// The feed is gzipped once per refresh for clients that take gzip, with its
// own ETag, and stays identity (with Range) for those that do not.
func TestFeedGzip(t *testing.T) {
	svc, err := New(Config{}, nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	h := svc.Handler()
	get := func(hdr map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/linkedin-api", nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	plain := get(nil)
	zipped := get(map[string]string{"Accept-Encoding": "gzip, deflate, br"})
	refused := get(map[string]string{"Accept-Encoding": "gzip;q=0"})
	if plain.Header().Get("Content-Encoding") != "" || refused.Header().Get("Content-Encoding") != "" {
		t.Fatal("identity asked, encoded answer")
	}
	if zipped.Code != http.StatusOK || zipped.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("status %d encoding %q", zipped.Code, zipped.Header().Get("Content-Encoding"))
	}
	if got := zipped.Header().Get("Content-Length"); got != strconv.Itoa(zipped.Body.Len()) {
		t.Errorf("Content-Length %q for %d bytes", got, zipped.Body.Len())
	}
	for _, rec := range []*httptest.ResponseRecorder{plain, zipped} {
		if rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("Vary %q", rec.Header().Get("Vary"))
		}
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(body, plain.Body.Bytes()) {
		t.Fatalf("gzip body does not decode to the identity body (err %v)", err)
	}
	etag := zipped.Header().Get("ETag")
	if etag == "" || etag == plain.Header().Get("ETag") {
		t.Fatalf("gzip ETag %q, identity %q", etag, plain.Header().Get("ETag"))
	}
	tests := []struct {
		name string
		hdr  map[string]string
		want int
	}{
		{"revalidate gzip", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag}, http.StatusNotModified},
		{"identity tag for gzip", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": plain.Header().Get("ETag")}, http.StatusOK},
		{"range ignored on gzip", map[string]string{"Accept-Encoding": "gzip", "Range": "bytes=0-9"}, http.StatusOK},
		{"range on identity", map[string]string{"Range": "bytes=0-9"}, http.StatusPartialContent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rec := get(tt.hdr); rec.Code != tt.want {
				t.Errorf("status %d, want %d", rec.Code, tt.want)
			}
		})
	}
}
