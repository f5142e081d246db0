package server

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/veldhaven/site/internal/insights"
)

var updateCorpus = flag.Bool("update", false, "rewrite testdata/hostile-requests.jsonl from hostileCorpus()")

// hostileRequest is one line of testdata/hostile-requests.jsonl.
type hostileRequest struct {
	Method  string            `json:"method"`
	Target  string            `json:"target"`
	Headers map[string]string `json:"headers,omitempty"`
	Kind    string            `json:"kind"`
}

const corpusFile = "testdata/hostile-requests.jsonl"

// marker is a payload that must never come back unescaped in a body.
const marker = `<script>alert(1)</script>`

// hostileCorpus generates the committed corpus (run the test with -update).
func hostileCorpus() []hostileRequest {
	var out []hostileRequest
	add := func(kind, method, target string, headers map[string]string) {
		out = append(out, hostileRequest{Method: method, Target: target, Headers: headers, Kind: kind})
	}
	traversals := []string{
		"../", "..%2f", "..%2F", "%2e%2e/", "%2e%2e%2f", "%2E%2E%2F", ".%2e/", "%2e./", "..%5c", "%2e%2e%5c",
		"..\\", "%252e%252e%252f", "..%252f", "..;/", "%c0%ae%c0%ae/", "%c0%ae%c0%ae%c0%af", "%e0%80%ae%e0%80%ae/",
		"....//", "..%00/", "%uff0e%uff0e/", "..%c0%af", "..%c1%9c",
	}
	targets := []string{"etc/passwd", "go.mod", "web/embed.go", "windows/win.ini"}
	prefixes := []string{"/", "/_astro/", "/media/", "/careers/", "/linkedin-api/media/"}
	for _, p := range prefixes {
		for _, tr := range traversals {
			for _, t := range targets[:2] {
				add("traversal", "GET", p+strings.Repeat(tr, 6)+t, nil)
			}
		}
	}
	for _, t := range []string{
		"/%00", "/index.html%00", "/_astro/x.js%00.html", "/%00/etc/passwd", "/what-we-do%00",
		"/%ff", "/%c3%28", "/%a0%a1", "/%f0%28%8c%bc", "/%ed%a0%80", "/%fe%ff", "/what-we-do%ff",
		"/%0d%0aSet-Cookie:%20x=1", "/%0aLocation:%20http://evil.example", "/careers/%0d%0a%0d%0a" + url.PathEscape(marker),
		"/" + url.PathEscape(marker), "/careers/" + url.PathEscape(marker), "/who-we-are/" + url.PathEscape(marker),
		"/" + strings.Repeat("a", 10000), "/" + strings.Repeat("a/", 3000), "/?" + strings.Repeat("q=1&", 2500),
		"/careers/" + strings.Repeat("%2e", 2000), "//evil.example", "//evil.example/%2e%2e", "/\\evil.example",
		"/%5c%5cevil.example", "/.git/config", "/.env", "/%2egit/HEAD", "/web/dist/index.html",
		"/index.html.br", "/404.html", "/404/index.html", "/server-status", "/wp-login.php",
		"/cgi-bin/test.cgi", "/file:///etc/passwd", "/http://169.254.169.254/latest/meta-data/",
	} {
		add("path", "GET", t, nil)
	}
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "MKCOL", "FOO", "get"} {
		for _, t := range []string{"/", "/what-we-do", "/_astro/x.js", "/linkedin-api", "/linkedin-api/image?urn=urn:li:image:C4D22AQFx"} {
			add("method", m, t, nil)
		}
	}
	for _, r := range []string{
		"bytes=" + strings.Repeat("0-0,", 2000) + "0-0", "bytes=-1", "bytes=999999999999999999-", "bytes=a-b",
		"bytes=5-1", "bytes=--1", "bits=0-1", "bytes=0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1",
		strings.Repeat("x", 8000),
	} {
		add("range", "GET", "/does-not-exist", map[string]string{"Range": r})
		add("range", "GET", "/media/nope.pdf", map[string]string{"Range": r})
	}
	for _, ae := range []string{
		strings.Repeat("gzip;q=0.5, ", 2000), "br;q=NaN", "gzip;q=-1", "*;q=0", "identity;q=0, *;q=0", "br;q=1e999",
		"\x00\x01\x02", "gzip, " + marker, ";;;;;;;;", strings.Repeat(",", 5000),
	} {
		add("accept-encoding", "GET", "/no-such-page", map[string]string{"Accept-Encoding": ae})
	}
	for _, h := range []map[string]string{
		{"Host": "evil.example"}, {"X-Forwarded-Host": "evil.example"}, {"X-Forwarded-Proto": "javascript"},
		{"If-None-Match": strings.Repeat(`"x",`, 2000)}, {"If-Modified-Since": "yesterday"}, {"Cookie": strings.Repeat("a=b; ", 1000)},
		{"Referer": marker}, {"User-Agent": marker}, {"Accept": marker},
	} {
		add("header", "GET", "/does-not-exist/", h)
	}
	urns := []string{
		"", "x", "urn:li:share:123", "urn:li:organization:1", "urn:li:person:abc", "urn:li:digitalmediaAsset:C4D22AQ",
		"urn:li:image:", "urn:li:image:../../etc/passwd", "urn:li:image:C4D22AQ/../../x", "urn:li:image:C4D22AQ%2F..%2F",
		"urn:li:image:C4D22AQ\n", "urn:li:image:C4D22AQ\r\nHost: evil.example", "urn:li:image:C4D22AQ#frag",
		"urn:li:image:C4D22AQ?x=1", "urn:li:image:C4D22AQ@evil.example", "urn:li:image:" + strings.Repeat("A", 10240),
		"https://evil.example/x.jpg", "http://169.254.169.254/latest/meta-data/", "file:///etc/passwd",
		"//evil.example", "urn:li:video:C5D05AQ", "URN:LI:IMAGE:C4D22AQ", " urn:li:image:C4D22AQ", "urn:li:image:C4D22AQ ",
		"urn:li:image:C4D 22AQ", "urn:li:image:" + marker, "urn%3Ali%3Aimage%3A..%2F..%2F", "urn:li:image:C4D22AQ\x00",
		"urn:li:image:%00", "urn:li:image:C4D22AQ;x", "urn:li:image:ÄÖÜ", "urn:li:image:C4D22AQ/",
	}
	for _, u := range urns {
		add("urn", "GET", "/linkedin-api/image?urn="+url.QueryEscape(u), nil)
		add("urn", "GET", "/linkedin-api/video?urn="+url.QueryEscape(strings.Replace(u, "image", "video", 1)), nil)
	}
	for _, q := range []string{
		"urn=urn:li:image:C4D22AQ&urn=https://evil.example", "urn[]=x", "urn", "URN=urn:li:image:C4D22AQ",
		"urn=urn%3Ali%3Aimage%3AC4D22AQ%0d%0a", strings.Repeat("a", 20000), "urn=" + strings.Repeat("%", 100),
	} {
		add("urn", "GET", "/linkedin-api/image?"+q, nil)
	}
	for _, t := range []string{
		"/linkedin-api/media/", "/linkedin-api/media/..", "/linkedin-api/media/%2e%2e%2f%2e%2e%2fgo.mod",
		"/linkedin-api/media/" + strings.Repeat("a", 5000), "/linkedin-api/media/https:%2f%2fevil.example",
		"/linkedin-api/media/" + url.PathEscape(marker), "/linkedin-api/nope", "/linkedin-api/image/../../etc/passwd",
		"/linkedin-api/media/urn:li:image:C4D22AQnotinfeed",
	} {
		add("media", "GET", t, nil)
	}
	// A method name of 60 KB (it reached the log whole), thousands
	// of one-byte ranges, the sign-in and the editor's backend asked for by
	// another Host and Origin (DNS rebinding), the build's list of declared
	// scripts (never served), and media URLs pointing inside.
	add("issue23", strings.Repeat("M", 60<<10), "/", nil)
	add("issue23", "GET", "/media/nope.pdf", map[string]string{"Range": "bytes=" + strings.Repeat("0-0,", 6222) + "0-0"})
	add("issue23", "GET", "/admin/auth?provider=github&scope=repo", map[string]string{"Host": "evil.example"})
	add("issue23", "GET", "/admin/callback?code=x&state=y", map[string]string{"Host": "evil.example", "Cookie": "__Host-cms_oauth=y.v"})
	add("issue23", "POST", "/api/v1", map[string]string{"Host": "evil.example:8081", "Origin": "http://evil.example:8081"})
	add("issue23", "GET", "/.inline-hashes.json", nil)
	add("issue23", "GET", "/.inline-hashes.json.gz", nil)
	for _, u := range []string{"http://127.0.0.1:8081/api/v1", "http://[::ffff:127.0.0.1]/", "http://169.254.169.254/latest/meta-data/", "http://100.64.0.1/"} {
		add("issue23", "GET", "/linkedin-api/image?urn="+url.QueryEscape(u), nil)
		add("issue23", "GET", "/linkedin-api/media/"+url.PathEscape(u), nil)
	}
	return out
}

// recordingUpstream is a fake LinkedIn that remembers every request.
type recordingUpstream struct {
	mu    sync.Mutex
	calls []string
}

func (u *recordingUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	u.mu.Lock()
	u.calls = append(u.calls, r.Method+" "+r.URL.String())
	u.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"elements":[]}`)
}

func (u *recordingUpstream) count() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return len(u.calls)
}

func loadCorpus(t *testing.T) []hostileRequest {
	t.Helper()
	if *updateCorpus {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		for _, r := range hostileCorpus() {
			if err := enc.Encode(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.MkdirAll(filepath.Dir(corpusFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(corpusFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(corpusFile)
	if err != nil {
		t.Fatalf("open corpus (run with -update to create it): %v", err)
	}
	defer f.Close()
	var corpus []hostileRequest
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r hostileRequest
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("corpus line %d: %v", len(corpus)+1, err)
		}
		corpus = append(corpus, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return corpus
}

// TestHostileRequests sends every request of the committed corpus through the
// whole handler, with the LinkedIn feed configured against a fake upstream.
func TestHostileRequests(t *testing.T) {
	corpus := loadCorpus(t)
	if len(corpus) < 300 {
		t.Fatalf("corpus has %d requests, want at least 300", len(corpus))
	}
	upstream := &recordingUpstream{}
	fake := httptest.NewServer(upstream)
	defer fake.Close()
	reg := prometheus.NewRegistry()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	feed, err := insights.New(insights.Config{
		AccessToken: "secret-token", OrganizationURN: "urn:li:organization:1",
		APIBase: fake.URL, TokenURL: fake.URL + "/oauth", Timeout: time.Second,
	}, logger, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer feed.Close()
	h := newTestHandler(t, func(c *Config) {
		c.Registry = reg
		c.Insights = feed.Handler()
		c.Ready = feed.Ready
	})
	// Let the feed settle (it may fetch once on its own), then count.
	do(h, "GET", "/linkedin-api", nil)
	time.Sleep(50 * time.Millisecond)
	before := upstream.count()

	kinds := map[string]int{}
	for i, r := range corpus {
		kinds[r.Kind]++
		name := fmt.Sprintf("%03d-%s", i, r.Kind)
		t.Run(name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "http://www.example.com/", nil)
			req.Method = r.Method
			u, err := url.ParseRequestURI(r.Target)
			if err != nil {
				// Not even a URL: net/http answers 400 before any handler runs.
				return
			}
			req.URL = u
			req.RequestURI = r.Target
			for k, v := range r.Headers {
				if k == "Host" {
					req.Host = v
					continue
				}
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code < 400 || rec.Code >= 500 {
				t.Fatalf("%s %.80s: status %d, want 4xx", r.Method, r.Target, rec.Code)
			}
			body := rec.Body.String()
			if strings.Contains(body, marker) {
				t.Fatalf("%.80s: reflected the payload unescaped", r.Target)
			}
			for _, leak := range []string{"root:x:", "module github.com", "secret-token", "package web"} {
				if strings.Contains(body, leak) {
					t.Fatalf("%.80s: leaked %q", r.Target, leak)
				}
			}
			if rec.Header().Get("Set-Cookie") != "" || strings.Contains(rec.Header().Get("Location"), "evil") {
				t.Fatalf("%.80s: header injection or off-site redirect", r.Target)
			}
		})
	}
	if after := upstream.count(); after != before {
		upstream.mu.Lock()
		t.Errorf("hostile requests reached LinkedIn: %v", upstream.calls[before:])
		upstream.mu.Unlock()
	}
	t.Logf("hostile requests: %d (%v)", len(corpus), kinds)
}
