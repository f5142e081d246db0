package byteranges

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestOneRangeAtMost: one range is answered as a range; several, which
// http.ServeContent would answer with a multipart body larger than the
// file, get the whole file.
func TestOneRangeAtMost(t *testing.T) {
	body := strings.Repeat("x", 108)
	for _, tc := range []struct {
		name   string
		ranges []string
		status int
		length int
	}{
		{"no range", nil, http.StatusOK, 108},
		{"one range", []string{"bytes=0-9"}, http.StatusPartialContent, 10},
		{"a suffix", []string{"bytes=-1"}, http.StatusPartialContent, 1},
		{"two one-byte ranges", []string{"bytes=0-0,2-2"}, http.StatusOK, 108},
		{"ten one-byte ranges", []string{"bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14,16-16,18-18"}, http.StatusOK, 108},
		{"two Range headers", []string{"bytes=0-0", "bytes=2-2"}, http.StatusOK, 108},
		{"unsatisfiable", []string{"bytes=200-300"}, http.StatusRequestedRangeNotSatisfiable, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/f", nil)
			r.Header["Range"] = tc.ranges
			w := httptest.NewRecorder()
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			ServeContent(w, r, time.Time{}, bytes.NewReader([]byte(body)))
			if w.Code != tc.status || tc.length >= 0 && w.Body.Len() != tc.length {
				t.Errorf("%d with %d bytes, want %d with %d", w.Code, w.Body.Len(), tc.status, tc.length)
			}
		})
	}
}

// TestServeGzip: a gzip body is never answered in ranges and keeps its
// length and coding on a 200; a 304 has neither.
func TestServeGzip(t *testing.T) {
	body := []byte("\x1f\x8b not quite gzip, but bytes all the same")
	for _, tc := range []struct {
		name, header, value string
		status              int
		length              string
	}{
		{"plain", "", "", http.StatusOK, "41"},
		{"a range", "Range", "bytes=0-1", http.StatusOK, "41"},
		{"revalidation", "If-None-Match", `"v"`, http.StatusNotModified, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/f", nil)
			if tc.header != "" {
				r.Header.Set(tc.header, tc.value)
			}
			w := httptest.NewRecorder()
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("ETag", `"v"`)
			ServeGzip(w, r, time.Time{}, bytes.NewReader(body), int64(len(body)))
			if w.Code != tc.status || w.Header().Get("Content-Length") != tc.length || (w.Header().Get("Content-Encoding") == "gzip") != (tc.status == http.StatusOK) {
				t.Errorf("%d, length %q, encoding %q; want %d, %q", w.Code, w.Header().Get("Content-Length"), w.Header().Get("Content-Encoding"), tc.status, tc.length)
			}
		})
	}
}
