package server

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// TestRangeCountLimited reproduces finding 5 of issue 23 (6,223 ranges got
// an answer many times the file): over maxRanges ranges the whole file is
// served, never more.
func TestRangeCountLimited(t *testing.T) {
	body := strings.Repeat("0123456789", 1000)
	site := testSite(t)
	site["media/documents/big.txt"] = &fstest.MapFile{Data: []byte(body)}
	h := newTestHandler(t, func(c *Config) { c.Site = site })
	ranges := func(n int) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fmt.Sprintf("%d-%d", i, i) // one byte each: the multipart headers are the bulk
		}
		return "bytes=" + strings.Join(parts, ",")
	}
	for _, tc := range []struct {
		name   string
		header []string
		status int
	}{
		{"one range", []string{"bytes=0-9"}, http.StatusPartialContent},
		{"ten ranges", []string{ranges(10)}, http.StatusPartialContent},
		{"eleven ranges", []string{ranges(11)}, http.StatusOK},
		{"6223 ranges", []string{ranges(6223)}, http.StatusOK},
		{"split over headers", []string{ranges(6), ranges(6)}, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", "http://www.example.com/media/documents/big.txt", nil)
			req.Header["Range"] = tc.header
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d", rec.Code, tc.status)
			}
			if rec.Code == http.StatusOK && rec.Body.String() != body {
				t.Errorf("want the whole file, got %d bytes", rec.Body.Len())
			}
			if rec.Body.Len() > len(body)+2000 {
				t.Errorf("answer of %d bytes for a file of %d", rec.Body.Len(), len(body))
			}
		})
	}
}

// TestLoggedMethodTruncated: a 60 KB method name no longer reaches the log whole.
func TestLoggedMethodTruncated(t *testing.T) {
	for _, direct := range []bool{false, true} {
		var logs bytes.Buffer
		h := newTestHandler(t, func(c *Config) {
			c.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
			if direct {
				c.RequestLog = &logs
			}
		})
		req, _ := http.NewRequest("GET", "http://www.example.com/", nil)
		req.Method = strings.Repeat("M", 60<<10)
		h.ServeHTTP(httptest.NewRecorder(), req)
		line := logs.String()
		if !strings.Contains(line, `"method":"`+strings.Repeat("M", maxLoggedMethod)+`…"`) || len(line) > 1024 {
			t.Errorf("direct=%v: log line of %d bytes: %.300s", direct, len(line), line)
		}
	}
	for in, want := range map[string]string{"GET": "GET", "ééé": "ééé", strings.Repeat("é", 20): strings.Repeat("é", 16) + "…"} {
		if got := clipLogged(in, 32); got != want {
			t.Errorf("clipLogged(%q) = %q, want %q", in, got, want)
		}
	}
}
