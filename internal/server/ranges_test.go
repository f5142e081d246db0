package server

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/veldhaven/site/internal/feedreplica"
	"github.com/veldhaven/site/internal/insights"
)

// TestRangeCountLimited: 6,223 ranges once got an answer many times the
// file; a request for more than one range gets the whole file, never more.
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
		{"two ranges", []string{ranges(2)}, http.StatusOK},
		{"ten ranges", []string{ranges(10)}, http.StatusOK},
		{"6223 ranges", []string{ranges(6223)}, http.StatusOK},
		{"split over headers", []string{"bytes=0-0", "bytes=2-2"}, http.StatusOK},
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

// rangeGet asks srv for target with a Range header over a real connection
// and returns the status, the Content-Type and the body.
func rangeGet(t *testing.T, srv *httptest.Server, method, target, ranges string) (int, string, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+target, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Range", ranges)
	req.Header.Set("Accept-Encoding", "identity") // ranges are of the identity bytes
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header.Get("Content-Type"), body
}

// TestMultipartNeverLargerThanFile: ten one-byte ranges of the 108-byte
// robots.txt once answered 1,476 bytes, each multipart part's headers
// uncounted. Several ranges get the whole file; a single range keeps
// working as SECURITY.md says.
func TestMultipartNeverLargerThanFile(t *testing.T) {
	big := strings.Repeat("0123456789", 1000)
	site := testSite(t)
	site["media/documents/big.txt"] = &fstest.MapFile{Data: []byte(big)}
	srv := httptest.NewServer(newTestHandler(t, func(c *Config) { c.Site, c.SiteURL = site, "http://localhost:8080" }))
	defer srv.Close()
	robots := string(robotsTxt("http://localhost:8080"))
	if len(robots) != 108 {
		t.Fatalf("robots.txt is %d bytes, the finding's was 108", len(robots))
	}
	oneByte := func(n int) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fmt.Sprintf("%d-%d", 2*i, 2*i)
		}
		return "bytes=" + strings.Join(parts, ",")
	}
	tests := []struct {
		name, target, ranges string
		status               int
		whole                string // the whole file is the answer
		want                 string // the body (single range)
	}{
		{name: "ten one-byte ranges of robots.txt", target: "/robots.txt", ranges: oneByte(10), status: 200, whole: robots},
		{name: "two one-byte ranges of robots.txt", target: "/robots.txt", ranges: "bytes=0-0,2-2", status: 200, whole: robots},
		{name: "overlapping ranges", target: "/robots.txt", ranges: "bytes=0-50,0-50,10-60", status: 200, whole: robots},
		{name: "suffix ranges of robots.txt", target: "/robots.txt", ranges: "bytes=-1,-2", status: 200, whole: robots},
		{name: "eleven ranges", target: "/media/documents/big.txt", ranges: oneByte(11), status: 200, whole: big},
		{name: "single range", target: "/robots.txt", ranges: "bytes=0-9", status: 206, want: robots[:10]},
		{name: "single suffix range", target: "/robots.txt", ranges: "bytes=-5", status: 206, want: robots[103:]},
		{name: "unsatisfiable", target: "/robots.txt", ranges: "bytes=500-600", status: 416},
		{name: "malformed", target: "/robots.txt", ranges: "bytes=9-1", status: 416},
		{name: "ten ranges of a large file", target: "/media/documents/big.txt", ranges: oneByte(10), status: 200, whole: big},
		{name: "an unsatisfiable range among others", target: "/media/documents/big.txt", ranges: "bytes=20000-30000,10-12,-3", status: 200, whole: big},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := rangeGet(t, srv, http.MethodGet, tt.target, tt.ranges)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %.200q", status, tt.status, body)
			}
			switch {
			case tt.whole != "":
				if string(body) != tt.whole {
					t.Errorf("body of %d bytes, want the whole file (%d)", len(body), len(tt.whole))
				}
			case tt.want != "":
				if string(body) != tt.want {
					t.Errorf("body %q, want %q", body, tt.want)
				}
			}
		})
	}
}

// FuzzRangeAnswer: whatever Range a request sends, the answer is never
// larger than the file, and the server never fails: for the site's own
// files, and for the feed's answers on a web replica, from the owner's
// answer and from the copy alone.
func FuzzRangeAnswer(f *testing.F) {
	for _, s := range []string{"bytes=0-0,2-2,4-4", "bytes=-1,-2,-3", "bytes=0-", "bytes=5-1", "bytes=0-0,,,1-1",
		"bytes= 0 - 0 , 1-1", "bytes=+1-+2,3-4", "bytes=200-100,0-0,2-2", "bytes=-+5,0-0", "items=0-1",
		"bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14,16-16,18-18"} {
		f.Add(s)
	}
	h := newTestHandler(f, func(c *Config) { c.SiteURL = "http://localhost:8080" })
	size := len(robotsTxt("http://localhost:8080"))
	replica, copyOnly := newReplicaHandlers(f)
	const mediaURL = "/linkedin-api/image?urn=urn:li:image:C4E22AQHvK3mR8aQ2wA" // of the sample feed
	whole := do(replica, "GET", mediaURL, nil)
	if whole.Code != http.StatusOK {
		f.Fatalf("the replica's %s: %d", mediaURL, whole.Code)
	}
	copies := copyOnly()
	f.Fuzz(func(t *testing.T, ranges string) {
		header := map[string]string{"Range": ranges, "Accept-Encoding": "identity"}
		rec := do(h, "GET", "/robots.txt", header)
		if rec.Code >= 500 {
			t.Fatalf("status %d", rec.Code)
		}
		if rec.Body.Len() > size {
			t.Fatalf("Range %q: %d bytes (status %d) for a file of %d", ranges, rec.Body.Len(), rec.Code, size)
		}
		for name, h := range map[string]http.Handler{"owner": replica, "copy": copies} {
			rec := do(h, "GET", mediaURL, header)
			if rec.Code >= 500 || rec.Header().Get(feedreplica.SourceHeader) != name {
				t.Fatalf("the replica, from the %s: status %d from %q", name, rec.Code, rec.Header().Get(feedreplica.SourceHeader))
			}
			if rec.Body.Len() > whole.Body.Len() {
				t.Fatalf("the replica, from the %s: Range %q: %d bytes (status %d) for an answer of %d", name, ranges, rec.Body.Len(), rec.Code, whole.Body.Len())
			}
		}
	})
}

// newReplicaHandlers is a web replica of the feed owner (the sample feed),
// and copyOnly starts another on a copy of its folder of copies (as a
// restart would; one process per folder) whose owner is gone: it answers
// from the copies only.
func newReplicaHandlers(t testing.TB) (replica http.Handler, copyOnly func() http.Handler) {
	t.Helper()
	feed, err := insights.New(insights.Config{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = feed.Close() })
	owner := httptest.NewServer(feed.Handler())
	t.Cleanup(owner.Close)
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	dir := t.TempDir()
	handler := func(ownerURL, dir string) http.Handler {
		u, _ := feedreplica.ParseOwnerURL(ownerURL)
		p, err := feedreplica.NewReplica(u, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		return newTestHandler(t, func(c *Config) { c.Insights = p })
	}
	return handler(owner.URL, dir), func() http.Handler {
		copied := filepath.Join(t.TempDir(), "copies")
		if err := os.CopyFS(copied, os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
		return handler(gone.URL, copied)
	}
}
