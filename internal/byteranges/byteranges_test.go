package byteranges

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestMultipartLargerMatchesServeContent: for each header, the size
// MultipartLarger counts is the one http.ServeContent writes.
func TestMultipartLargerMatchesServeContent(t *testing.T) {
	const ctype = "text/plain; charset=utf-8"
	for _, tc := range []struct {
		name   string
		size   int
		header string
		larger bool
	}{
		{"two one-byte ranges of 108 bytes", 108, "bytes=0-0,2-2", true},
		{"ten one-byte ranges of 10 KB", 10000, "bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14,16-16,18-18", false},
		{"ten one-byte ranges of 1 KB", 1000, "bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14,16-16,18-18", true},
		{"one range", 108, "bytes=0-0", false},
		{"unsatisfiable ranges left out", 108, "bytes=200-300,0-0", false},
		{"suffixes", 108, "bytes=-1,-2", true},
		{"malformed: left to ServeContent", 108, "bytes=5-1,0-0", false},
		{"another unit", 108, "items=0-0,1-1", false},
		{"empty specs skipped", 108, "bytes=0-0,,,2-2", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := MultipartLarger(tc.header, int64(tc.size), ctype); got != tc.larger {
				t.Fatalf("MultipartLarger = %v, want %v", got, tc.larger)
			}
			// What http.ServeContent answers, and ServeContent.
			body := strings.Repeat("x", tc.size)
			serve := func(limit bool) *httptest.ResponseRecorder {
				r := httptest.NewRequest(http.MethodGet, "/f", nil)
				r.Header.Set("Range", tc.header)
				w := httptest.NewRecorder()
				w.Header().Set("Content-Type", ctype)
				if limit {
					ServeContent(w, r, time.Time{}, bytes.NewReader([]byte(body)), int64(tc.size))
				} else {
					http.ServeContent(w, r, "", time.Time{}, bytes.NewReader([]byte(body)))
				}
				return w
			}
			plain, limited := serve(false), serve(true)
			if multipart := strings.HasPrefix(plain.Header().Get("Content-Type"), "multipart/"); multipart && (plain.Body.Len() > tc.size) != tc.larger {
				t.Errorf("ServeContent's multipart answer is %d bytes for %d: MultipartLarger said %v", plain.Body.Len(), tc.size, tc.larger)
			}
			if limited.Body.Len() > tc.size {
				t.Errorf("with ServeContent: %d bytes for %d", limited.Body.Len(), tc.size)
			}
		})
	}
}
