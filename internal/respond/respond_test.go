package respond

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestError(t *testing.T) {
	w := httptest.NewRecorder()
	w.Header().Set("ETag", `"x"`)
	w.Header().Set("Last-Modified", "Mon, 10 Nov 2026 12:00:00 GMT")
	Error(w, http.StatusNotFound, `not "found"`)
	want := `{"status":404,"message":"not \"found\""}`
	if w.Code != 404 || w.Body.String() != want {
		t.Errorf("%d %s, want 404 %s", w.Code, w.Body, want)
	}
	for k, v := range map[string]string{"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "Content-Length": "40", "Etag": "", "Last-Modified": ""} {
		if got := w.Header().Get(k); got != v {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
}

// encodingsReference is the first, map-based implementation of
// Encodings: the allocation-free one must agree with it on every header.
func encodingsReference(header string) (br, gz bool) {
	if len(header) > maxHeader {
		header = header[:maxHeader]
	}
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			w, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || w < 0 || w > 1 {
				continue
			}
			weight = w
		}
		q[name] = weight
	}
	accepted := func(coding string) bool {
		if w, ok := q[coding]; ok {
			return w > 0
		}
		if w, ok := q["*"]; ok {
			return w > 0
		}
		return false
	}
	return accepted("br"), accepted("gzip") || accepted("x-gzip")
}

var seeds = []string{
	"", "gzip", "br", "BR, GZIP", "gzip;q=0", "*;q=0.5", "*, br;q=0", "x-gzip", "br;q=1.5",
	"deflate", "gzip, deflate, br, zstd", "gzip;q=1.0, identity; q=0.5, *;q=0",
	"br;q=0, br", "br, br;q=0", "gzip;q=abc", " gzip ; Q = 0.3 ", "gzip;level=1", "gzip;q=0.5;x=1",
	"*;q=0, gzip", ",,,", ";q=1", "X-GZIP;q=0.001", "br;q=-0", "br;q=1e0", "br;q=NaN", "gzip;q=",
	strings.Repeat("a,", 600) + "br",
}

func TestEncodingsAgreesWithReference(t *testing.T) {
	for _, h := range seeds {
		gotBr, gotGz := Encodings(h)
		wantBr, wantGz := encodingsReference(h)
		if gotBr != wantBr || gotGz != wantGz {
			t.Errorf("%q: br=%v gz=%v, reference %v %v", h, gotBr, gotGz, wantBr, wantGz)
		}
	}
}

func FuzzEncodings(f *testing.F) {
	for _, h := range seeds {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, h string) {
		gotBr, gotGz := Encodings(h)
		wantBr, wantGz := encodingsReference(h)
		if gotBr != wantBr || gotGz != wantGz {
			t.Errorf("%q: br=%v gz=%v, reference %v %v", h, gotBr, gotGz, wantBr, wantGz)
		}
	})
}

func TestEncodingsAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Encodings("gzip, deflate, br, zstd") }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}

func TestEncodings(t *testing.T) {
	tests := []struct {
		header string
		br, gz bool
	}{
		{"", false, false},
		{"gzip", false, true},
		{"br", true, false},
		{"BR, GZIP", true, true},
		{"gzip;q=0", false, false},
		{"*;q=0.5", true, true},
		{"*, br;q=0", false, true},
		{"x-gzip", false, true},
		{"br;q=1.5", false, false},
		{"deflate", false, false},
	}
	for _, tt := range tests {
		br, gz := Encodings(tt.header)
		if br != tt.br || gz != tt.gz {
			t.Errorf("%q: br=%v gz=%v, want %v %v", tt.header, br, gz, tt.br, tt.gz)
		}
	}
}

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
			Content(w, r, time.Time{}, bytes.NewReader([]byte(body)))
			if w.Code != tc.status || tc.length >= 0 && w.Body.Len() != tc.length {
				t.Errorf("%d with %d bytes, want %d with %d", w.Code, w.Body.Len(), tc.status, tc.length)
			}
		})
	}
}

// TestGzip: a gzip body is never answered in ranges and keeps its
// length and coding on a 200; a 304 has neither.
func TestGzip(t *testing.T) {
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
			Gzip(w, r, time.Time{}, bytes.NewReader(body), int64(len(body)))
			if w.Code != tc.status || w.Header().Get("Content-Length") != tc.length || (w.Header().Get("Content-Encoding") == "gzip") != (tc.status == http.StatusOK) {
				t.Errorf("%d, length %q, encoding %q; want %d, %q", w.Code, w.Header().Get("Content-Length"), w.Header().Get("Content-Encoding"), tc.status, tc.length)
			}
		})
	}
}
