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
