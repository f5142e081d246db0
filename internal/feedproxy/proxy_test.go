package feedproxy

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/veldhaven/site/internal/diskcache"
	"github.com/veldhaven/site/internal/insights"
)

const (
	imageURN   = "urn:li:image:C4D22AQFx4nG7Gm1bVQ"
	videoURN   = "urn:li:video:D4D05AQH9kLmN2pQrSt"
	imageKey   = "image-C4D22AQFx4nG7Gm1bVQ"
	imageURL   = "/linkedin-api/image?urn=" + imageURN
	mediaPath  = "/linkedin-api/media/" + imageKey
	feedBody   = `{"elements":[{"id":"urn:li:share:1","commentary":"` + "a post that is long enough to be worth compressing, a post that is long enough to be worth compressing" + `"}]}`
	mediaBytes = "\xff\xd8\xff\xe0 not quite a JPEG, but bytes all the same 0123456789"
)

// regexpURN finds the media URNs in a feed.
var regexpURN = regexp.MustCompile(`urn:li:(image|video):[A-Za-z0-9_-]{8,64}`)

// owner is a scriptable feed owner: it answers the items it holds as the
// insights handler does (ETag, conditional requests, ranges) and records
// every request it gets.
type owner struct {
	mu       sync.Mutex
	items    map[string]ownerItem // by path?query as received
	statuses map[string]int       // error statuses answered instead, by the same keys
	mode     string               // "" answers; "500", "503", "hang", "slow", "redirect", "drop", "truncate"
	requests []*http.Request
}

type ownerItem struct {
	contentType, cacheControl, body string
}

func newOwner() *owner {
	return &owner{statuses: map[string]int{}, items: map[string]ownerItem{
		"/linkedin-api": {"application/json; charset=utf-8", "public, max-age=60, stale-while-revalidate=600, stale-if-error=86400", feedBody},
		imageURL:        {"application/json; charset=utf-8", "public, max-age=300, stale-while-revalidate=3600", `{"downloadUrl":"` + mediaPath + `"}`},
		mediaPath:       {"image/jpeg", "public, max-age=604800, immutable", mediaBytes},
	}}
}

func (o *owner) set(mode string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.mode = mode
}

func (o *owner) del(key string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.items, key)
}

// answer makes the owner answer status for key (an error, or a removal).
func (o *owner) answer(key string, status int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.statuses[key] = status
}

func (o *owner) put(key string, it ownerItem) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.items[key] = it
}

func (o *owner) seen() []*http.Request {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]*http.Request(nil), o.requests...)
}

func (o *owner) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	o.requests = append(o.requests, r.Clone(r.Context()))
	mode := o.mode
	key := r.URL.Path
	if r.URL.RawQuery != "" {
		q, _ := url.QueryUnescape(r.URL.RawQuery)
		key += "?" + q
	}
	it, ok := o.items[key]
	status, failing := o.statuses[key]
	o.mu.Unlock()
	switch mode {
	case "500", "503":
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(map[string]int{"500": 500, "503": 503}[mode])
		_, _ = io.WriteString(w, `{"status":503,"message":"upstream unavailable"}`)
		return
	case "hang":
		<-r.Context().Done()
		return
	case "slow":
		time.Sleep(700 * time.Millisecond)
	case "redirect":
		http.Redirect(w, r, "http://127.0.0.1:1/elsewhere", http.StatusFound)
		return
	case "drop":
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
		return
	case "truncate":
		w.Header().Set("Content-Length", "100000")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, "half an answer")
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
		return
	}
	if !ok || failing {
		if !failing {
			status = http.StatusNotFound
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		_, _ = fmt.Fprintf(w, `{"status":%d,"message":"an error"}`, status)
		return
	}
	w.Header().Set("Content-Type", it.contentType)
	w.Header().Set("Cache-Control", it.cacheControl)
	if mode == "hostile" {
		w.Header().Set("Content-Security-Policy", "script-src 'unsafe-inline'")
	}
	sum := fnv.New64a()
	_, _ = io.WriteString(sum, it.body)
	w.Header().Set("ETag", fmt.Sprintf(`"%x"`, sum.Sum64()))
	http.ServeContent(w, r, "", time.Time{}, strings.NewReader(it.body))
}

// setup starts an owner and a proxy in front of it.
func setup(t *testing.T, cfg Config) (*owner, *httptest.Server, *Proxy, *prometheus.Registry) {
	t.Helper()
	o := newOwner()
	srv := httptest.NewServer(o)
	t.Cleanup(srv.Close)
	if cfg.Owner == nil {
		cfg.Owner, _ = ParseOwnerURL(srv.URL)
	}
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = time.Second
	}
	if cfg.MediaTimeout == 0 {
		cfg.MediaTimeout = time.Second
	}
	reg := prometheus.NewRegistry()
	cfg.Registerer = reg
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return o, srv, p, reg
}

// get asks the proxy for target with the given headers.
func get(p http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	p.ServeHTTP(w, r)
	return w
}

func TestOwnerUpThenAway(t *testing.T) {
	type want struct {
		status int
		source string
		body   string
		stale  bool
	}
	tests := []struct {
		name   string
		target string
		mode   string // the owner's mode for the second request
		copy   bool   // whether the first request (owner up) happened
		second want
	}{
		{"feed, owner up", "/linkedin-api", "", true, want{200, "owner", feedBody, false}},
		{"feed, owner 503, copy", "/linkedin-api", "503", true, want{200, "copy", feedBody, true}},
		{"feed, owner 500, copy", "/linkedin-api", "500", true, want{200, "copy", feedBody, true}},
		{"feed, owner drops the connection, copy", "/linkedin-api", "drop", true, want{200, "copy", feedBody, true}},
		{"feed, owner hangs, copy", "/linkedin-api", "hang", true, want{200, "copy", feedBody, true}},
		{"feed, owner redirects (not followed), copy", "/linkedin-api", "redirect", true, want{200, "copy", feedBody, true}},
		{"feed, owner truncates, copy", "/linkedin-api", "truncate", true, want{200, "copy", feedBody, true}},
		{"feed, owner 503, no copy: its answer", "/linkedin-api", "503", false, want{503, "owner", `{"status":503,"message":"upstream unavailable"}`, false}},
		{"feed, owner drops, no copy", "/linkedin-api", "drop", false, want{502, "", `{"status":502,"message":"the feed is unavailable, please retry"}`, false}},
		{"feed, owner hangs, no copy", "/linkedin-api", "hang", false, want{504, "", `{"status":504,"message":"the feed did not answer in time, please retry"}`, false}},
		{"feed, owner redirects, no copy", "/linkedin-api", "redirect", false, want{502, "", `{"status":502,"message":"the feed is unavailable, please retry"}`, false}},
		{"image URL, owner up", imageURL, "", true, want{200, "owner", `{"downloadUrl":"` + mediaPath + `"}`, false}},
		{"image URL, owner 503, copy", imageURL, "503", true, want{200, "copy", `{"downloadUrl":"` + mediaPath + `"}`, false}},
		{"media bytes, owner up", mediaPath, "", true, want{200, "owner", mediaBytes, false}},
		{"media bytes, owner drops, copy", mediaPath, "drop", true, want{200, "copy", mediaBytes, false}},
		{"media bytes, owner hangs, no copy", mediaPath, "hang", false, want{504, "", "", false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _, p, _ := setup(t, Config{Timeout: 300 * time.Millisecond, MediaTimeout: 300 * time.Millisecond})
			if tt.copy {
				if w := get(p, tt.target); w.Code != 200 || w.Header().Get(SourceHeader) != "owner" {
					t.Fatalf("owner up: %d %q", w.Code, w.Header().Get(SourceHeader))
				}
			}
			o.set(tt.mode)
			w := get(p, tt.target)
			if w.Code != tt.second.status {
				t.Fatalf("status %d, want %d (%s)", w.Code, tt.second.status, w.Body)
			}
			if got := w.Header().Get(SourceHeader); got != tt.second.source {
				t.Errorf("%s %q, want %q", SourceHeader, got, tt.second.source)
			}
			if tt.second.body != "" && w.Body.String() != tt.second.body {
				t.Errorf("body %q, want %q", w.Body, tt.second.body)
			}
			if stale := w.Header().Get("X-Feed-Stale") == "1"; stale != tt.second.stale {
				t.Errorf("X-Feed-Stale %q, want stale=%v", w.Header().Get("X-Feed-Stale"), tt.second.stale)
			}
			if tt.second.stale && w.Header().Get("Cache-Control") != cacheStale {
				t.Errorf("a copy of the feed served with Cache-Control %q, want %q", w.Header().Get("Cache-Control"), cacheStale)
			}
			if w.Code >= 400 && w.Header().Get("Cache-Control") != "no-store" {
				t.Errorf("an error with Cache-Control %q", w.Header().Get("Cache-Control"))
			}
			if w.Code == 200 && w.Header().Get("Content-Type") == "" {
				t.Error("no Content-Type")
			}
		})
	}
}

func TestTheReplicaSetsTypeAndPolicy(t *testing.T) {
	const html = "<script>alert(document.domain)</script>"
	tests := []struct {
		name, target, ownerType, body string
		status                        int
		wantType                      string
	}{
		{"media bytes as HTML", mediaPath, "text/html", html, 502, "application/json; charset=utf-8"},
		{"media bytes as SVG", mediaPath, "image/svg+xml", html, 502, "application/json; charset=utf-8"},
		{"an image key as a video", mediaPath, "video/mp4", mediaBytes, 502, "application/json; charset=utf-8"},
		{"media bytes as JPEG", mediaPath, "image/jpeg; charset=binary", mediaBytes, 200, "image/jpeg"},
		{"the image URL as HTML", imageURL, "text/html", `{"downloadUrl":"` + mediaPath + `"}`, 200, "application/json; charset=utf-8"},
		{"the feed as HTML", "/linkedin-api", "text/html", feedBody, 200, "application/json; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _, p, _ := setup(t, Config{})
			o.set("hostile")
			o.put(tt.target, ownerItem{tt.ownerType, "public, max-age=60", tt.body})
			for _, from := range []string{"owner", "copy"} {
				w := get(p, tt.target)
				if w.Code != tt.status {
					t.Fatalf("%s: status %d, want %d", from, w.Code, tt.status)
				}
				if got := w.Header().Get("Content-Type"); got != tt.wantType {
					t.Errorf("%s: Content-Type %q, want %q", from, got, tt.wantType)
				}
				if got := w.Header().Get("Content-Security-Policy"); got != mediaPolicy {
					t.Errorf("%s: Content-Security-Policy %q, want %q", from, got, mediaPolicy)
				}
				if tt.status != 200 {
					return
				}
				o.set("500") // the second answer is the copy
			}
		})
	}
}

func TestOwnerUnreachable(t *testing.T) {
	// A port nothing listens on: connection refused.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	u, _ := ParseOwnerURL("http://" + addr)
	reg := prometheus.NewRegistry()
	var logs bytes.Buffer
	p, err := New(Config{Owner: u, Dir: t.TempDir(), Registerer: reg, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	w := get(p, "/linkedin-api")
	if w.Code != http.StatusBadGateway {
		t.Fatalf("status %d, want 502 (%s)", w.Code, w.Body)
	}
	if got := counter(t, p.metrics.owner, "unreachable"); got != 1 {
		t.Errorf("owner requests unreachable = %v, want 1", got)
	}
	if got := counter(t, p.metrics.served, "failed"); got != 1 {
		t.Errorf("served failed = %v, want 1", got)
	}
	get(p, "/linkedin-api")
	if l := logs.String(); strings.Count(l, "the owner failed") != 1 || !strings.Contains(l, "outcome=unreachable") {
		t.Errorf("logs %q: want the failure said once", l)
	}
}

func TestOwner404DropsTheCopy(t *testing.T) {
	for _, target := range []string{mediaPath, imageURL} {
		t.Run(target, func(t *testing.T) {
			o, _, p, _ := setup(t, Config{})
			if w := get(p, target); w.Code != 200 {
				t.Fatalf("owner up: %d", w.Code)
			}
			if !p.store.Has(keyOf(t, target)) {
				t.Fatal("no copy kept")
			}
			// The post is deleted upstream: the owner's next refresh drops it.
			o.del(target)
			w := get(p, target)
			if w.Code != http.StatusNotFound || w.Header().Get("Cache-Control") != "no-store" || !strings.Contains(w.Body.String(), `"status":404`) {
				t.Fatalf("after the owner's 404: %d %q %s", w.Code, w.Header().Get("Cache-Control"), w.Body)
			}
			if p.store.Has(keyOf(t, target)) {
				t.Error("the copy survived the owner's 404")
			}
			// And with the owner away now, nothing is served for it.
			o.set("drop")
			if w := get(p, target); w.Code != http.StatusBadGateway {
				t.Errorf("owner away after the 404: %d, want 502 (no copy left)", w.Code)
			}
			// Also after a restart of the replica.
			p2, err := New(Config{Owner: p.cfg.Owner, Dir: p.cfg.Dir})
			if err != nil {
				t.Fatal(err)
			}
			if p2.store.Has(keyOf(t, target)) {
				t.Error("the copy came back with a restart")
			}
		})
	}
}

func TestRevalidatesWithTheOwner(t *testing.T) {
	o, _, p, _ := setup(t, Config{})
	first := get(p, "/linkedin-api")
	etag := first.Header().Get("ETag")
	if first.Code != 200 || etag == "" {
		t.Fatalf("first: %d etag %q", first.Code, etag)
	}
	second := get(p, "/linkedin-api")
	if second.Code != 200 || second.Body.String() != feedBody || second.Header().Get(SourceHeader) != "owner" {
		t.Fatalf("second: %d %s", second.Code, second.Body)
	}
	reqs := o.seen()
	if len(reqs) != 2 || reqs[1].Header.Get("If-None-Match") != etag {
		t.Fatalf("the owner saw %d requests, the second with If-None-Match %q; want %q", len(reqs), reqs[len(reqs)-1].Header.Get("If-None-Match"), etag)
	}
	if got := counter(t, p.metrics.owner, "not_modified"); got != 1 {
		t.Errorf("not_modified = %v, want 1", got)
	}
	// A new post: the owner's feed changes, and so does the answer.
	newer := strings.Replace(feedBody, `"urn:li:share:1"`, `"urn:li:share:2"},{"id":"urn:li:share:1"`, 1)
	o.put("/linkedin-api", ownerItem{"application/json; charset=utf-8", "public, max-age=60", newer})
	if w := get(p, "/linkedin-api"); w.Body.String() != newer || w.Header().Get("ETag") == etag {
		t.Errorf("after a new post: %s (etag %q)", w.Body, w.Header().Get("ETag"))
	}
	// The visitor's own conditional request is answered here.
	etag2 := get(p, "/linkedin-api").Header().Get("ETag")
	if w := get(p, "/linkedin-api", "If-None-Match", etag2); w.Code != http.StatusNotModified {
		t.Errorf("If-None-Match with the current ETag: %d, want 304", w.Code)
	}
}

func TestRangesAndCompression(t *testing.T) {
	o, _, p, _ := setup(t, Config{})
	for _, source := range []string{"owner", "copy"} {
		if source == "copy" {
			o.set("503")
		}
		w := get(p, mediaPath, "Range", "bytes=4-9")
		if w.Code != http.StatusPartialContent || w.Body.String() != mediaBytes[4:10] || w.Header().Get(SourceHeader) != source {
			t.Errorf("%s: range: %d %q %s", source, w.Code, w.Body, w.Header().Get(SourceHeader))
		}
		w = get(p, "/linkedin-api", "Accept-Encoding", "gzip")
		if w.Header().Get("Content-Encoding") != "gzip" || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s: gzip: %d %v", source, w.Code, w.Header())
		}
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := io.ReadAll(zr)
		if string(plain) != feedBody {
			t.Errorf("%s: the gzip feed decodes to %q", source, plain)
		}
		if w.Header().Get("ETag") == get(p, "/linkedin-api").Header().Get("ETag") {
			t.Errorf("%s: the gzip variant has the identity ETag", source)
		}
		w = httptest.NewRecorder()
		p.ServeHTTP(w, httptest.NewRequest(http.MethodHead, "/linkedin-api", nil))
		if w.Code != 200 || w.Body.Len() != 0 {
			t.Errorf("%s: HEAD: %d with %d bytes", source, w.Code, w.Body.Len())
		}
	}
}

func TestHostileRequestsNotForwarded(t *testing.T) {
	tests := []struct {
		name, method, target string
		header               []string
		status               int
		forwarded            string // the owner's request, "" for none
	}{
		{"two urns", "GET", "/linkedin-api/image?urn=" + imageURN + "&urn=urn:li:image:C4D22AQOther00001", nil, 400, ""},
		{"no urn", "GET", "/linkedin-api/image", nil, 400, ""},
		{"a video URN on the image path", "GET", "/linkedin-api/image?urn=" + videoURN, nil, 400, ""},
		{"a URN with a path in it", "GET", "/linkedin-api/image?urn=urn:li:image:../../admin", nil, 400, ""},
		{"a URN with a query in it", "GET", "/linkedin-api/image?urn=" + url.QueryEscape(imageURN+"?x=1"), nil, 400, ""},
		{"a malformed query", "GET", "/linkedin-api/image?urn=%zz", nil, 400, ""},
		{"an invalid media key", "GET", "/linkedin-api/media/image-x", nil, 400, ""},
		{"a media key with dots", "GET", "/linkedin-api/media/..", nil, 400, ""},
		{"a media path with a slash", "GET", "/linkedin-api/media/image-C4D22AQFx4nG7Gm1bVQ/x", nil, 404, ""},
		{"an encoded slash", "GET", "/linkedin-api/media/image-C4D22AQFx4nG7Gm1bVQ%2F..%2F..%2Fetc", nil, 404, ""},
		{"an unknown endpoint", "GET", "/linkedin-api/posts", nil, 404, ""},
		{"the media folder itself", "GET", "/linkedin-api/media/", nil, 404, ""},
		{"POST", "POST", "/linkedin-api", nil, 405, ""},
		{"DELETE of media", "DELETE", mediaPath, nil, 405, ""},
		{"a query on the feed is dropped", "GET", "/linkedin-api?callback=evil&x=%0d%0a", nil, 200, "/linkedin-api"},
		{"other parameters beside the urn are dropped", "GET", imageURL + "&redirect=http://evil.example/", nil, 200, "/linkedin-api/image?urn=" + url.QueryEscape(imageURN)},
		{"a query on media is dropped", "GET", mediaPath + "?x=../../etc/passwd", nil, 200, mediaPath},
		{"the visitor's headers stay here", "GET", "/linkedin-api", []string{"Authorization", "Bearer visitor", "Cookie", "session=1", "X-Forwarded-For", "10.0.0.1", "Range", "bytes=0-1", "If-None-Match", `"x"`, "Accept-Encoding", "br"}, 206, "/linkedin-api"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, srv, p, _ := setup(t, Config{})
			r := httptest.NewRequest(tt.method, "/", nil)
			r.URL, _ = url.Parse(tt.target) // as the server's mux hands it over, unchecked
			r.RequestURI = tt.target
			for i := 0; i+1 < len(tt.header); i += 2 {
				r.Header.Set(tt.header[i], tt.header[i+1])
			}
			w := httptest.NewRecorder()
			p.ServeHTTP(w, r)
			if w.Code != tt.status {
				t.Errorf("status %d, want %d (%s)", w.Code, tt.status, w.Body)
			}
			if w.Code >= 400 && !json.Valid(w.Body.Bytes()) {
				t.Errorf("error body %q is not JSON", w.Body)
			}
			reqs := o.seen()
			if tt.forwarded == "" {
				if len(reqs) != 0 {
					t.Errorf("forwarded to the owner: %s", reqs[0].URL)
				}
				return
			}
			if len(reqs) != 1 {
				t.Fatalf("%d requests to the owner, want 1", len(reqs))
			}
			got := reqs[0]
			if got.URL.RequestURI() != tt.forwarded || got.Method != http.MethodGet {
				t.Errorf("forwarded %s %s, want GET %s", got.Method, got.URL.RequestURI(), tt.forwarded)
			}
			if host := strings.TrimPrefix(srv.URL, "http://"); got.Host != host {
				t.Errorf("forwarded with Host %q, want the owner's %q", got.Host, host)
			}
			for name := range got.Header {
				switch name {
				case "Accept-Encoding", "User-Agent":
				default:
					t.Errorf("forwarded header %s: %q", name, got.Header.Get(name))
				}
			}
			if ae := got.Header.Get("Accept-Encoding"); ae != "identity" {
				t.Errorf("forwarded Accept-Encoding %q, want identity", ae)
			}
		})
	}
}

func TestBoundedCopies(t *testing.T) {
	o, _, p, _ := setup(t, Config{MaxEntries: 3, MaxBytes: 1 << 20})
	var paths []string
	for i := range 6 {
		path := fmt.Sprintf("/linkedin-api/media/image-C4D22AQBounded%04d", i)
		o.put(path, ownerItem{"image/jpeg", "public, max-age=604800, immutable", strings.Repeat("x", 1000+i)})
		paths = append(paths, path)
		if w := get(p, path); w.Code != 200 {
			t.Fatalf("%s: %d", path, w.Code)
		}
	}
	n, size := p.store.Stats()
	if n != 3 {
		t.Errorf("%d copies, want 3 (the bound)", n)
	}
	if want := int64(1003 + 1004 + 1005); size != want {
		t.Errorf("%d bytes held, want %d", size, want)
	}
	for i, path := range paths {
		if has := p.store.Has(path); has != (i >= 3) {
			t.Errorf("%s held: %v, want the 3 most recent only", path, has)
		}
	}
	files, _ := filepath.Glob(filepath.Join(p.cfg.Dir, "*"))
	if len(files) != 3 {
		t.Errorf("%d files in the folder, want 3: %v", len(files), files)
	}

	// In bytes: a bound of 2500 bytes keeps two items of about 1 KB.
	o2, _, p2, _ := setup(t, Config{MaxEntries: 100, MaxBytes: 2500})
	for i := range 4 {
		path := fmt.Sprintf("/linkedin-api/media/image-C4D22AQBounded%04d", i)
		o2.put(path, ownerItem{"image/jpeg", "immutable", strings.Repeat("y", 1000)})
		get(p2, path)
	}
	if n, size := p2.store.Stats(); n != 2 || size != 2000 {
		t.Errorf("%d copies of %d bytes, want 2 of 2000", n, size)
	}
	// An answer over the bound is served from the owner's answer... or not
	// at all: never half.
	o2.put(mediaPath, ownerItem{"image/jpeg", "immutable", strings.Repeat("z", 3000)})
	if w := get(p2, mediaPath); w.Code == 200 && w.Body.Len() != 3000 {
		t.Errorf("an answer over the bound served cut: %d bytes", w.Body.Len())
	}
	if n, size := p2.store.Stats(); size > 2500 {
		t.Errorf("%d copies of %d bytes: over the bound", n, size)
	}
}

func TestCopiesSurviveARestart(t *testing.T) {
	o, _, p, _ := setup(t, Config{})
	for _, target := range []string{"/linkedin-api", imageURL, mediaPath} {
		if w := get(p, target); w.Code != 200 {
			t.Fatalf("%s: %d", target, w.Code)
		}
	}
	dir := p.cfg.Dir
	// Files the store did not write, or a copy that does not match its name.
	if err := os.WriteFile(filepath.Join(dir, diskcache.FileName("/linkedin-api/media/image-C4D22AQPlanted000")), []byte("planted"), 0o644); err != nil {
		t.Fatal(err)
	}
	feedCopy, _ := os.ReadFile(filepath.Join(dir, diskcache.FileName("/linkedin-api")))
	if err := os.WriteFile(filepath.Join(dir, diskcache.FileName("/linkedin-api/media/image-C4D22AQRenamed000")), feedCopy, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	o.set("drop")
	p2, err := New(Config{Owner: p.cfg.Owner, Dir: dir, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/linkedin-api", imageURL, mediaPath} {
		if w := get(p2, target); w.Code != 200 || w.Header().Get(SourceHeader) != "copy" {
			t.Errorf("%s after a restart, owner away: %d %q", target, w.Code, w.Header().Get(SourceHeader))
		}
	}
	for _, target := range []string{"/linkedin-api/media/image-C4D22AQPlanted000", "/linkedin-api/media/image-C4D22AQRenamed000"} {
		if w := get(p2, target); w.Code == 200 {
			t.Errorf("%s: a file the store did not write for it was served", target)
		}
	}
	if n, _ := p2.store.Stats(); n != 4 { // the three, and the feed's gzip variant
		t.Errorf("%d copies indexed, want 4", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); !os.IsNotExist(err) {
		t.Error("a file that is not a copy stayed in the folder")
	}
}

func TestFailureHold(t *testing.T) {
	o, _, p, _ := setup(t, Config{})
	get(p, "/linkedin-api")
	o.set("503")
	if w := get(p, "/linkedin-api"); w.Header().Get(SourceHeader) != "copy" {
		t.Fatalf("owner 503: %q", w.Header().Get(SourceHeader))
	}
	before := len(o.seen())
	// Within the hold, the copy is served without waiting on the owner.
	for range 5 {
		if w := get(p, "/linkedin-api"); w.Code != 200 || w.Header().Get(SourceHeader) != "copy" {
			t.Fatalf("within the hold: %d %q", w.Code, w.Header().Get(SourceHeader))
		}
	}
	if after := len(o.seen()); after != before {
		t.Errorf("%d requests to the owner within the hold, want none", after-before)
	}
	// A URL without a copy still asks.
	o.set("")
	if w := get(p, imageURL); w.Code != 200 || w.Header().Get(SourceHeader) != "owner" {
		t.Errorf("no copy, within the hold: %d %q", w.Code, w.Header().Get(SourceHeader))
	}
	if w := get(p, "/linkedin-api"); w.Header().Get(SourceHeader) != "copy" {
		t.Errorf("the feed within its hold, after another URL's answer: %q", w.Header().Get(SourceHeader))
	}
	// Failures on URLs without a copy are not remembered: the memory is
	// bounded as the copies are, whatever URLs visitors make fail.
	o.set("503")
	for i := range 20 {
		get(p, fmt.Sprintf("/linkedin-api/media/image-C4D22AQNoCopy%04d", i))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.failed) > 1 {
		t.Errorf("%d failures remembered, want at most the feed's (it has a copy)", len(p.failed))
	}
}

func TestASlowOwnerCostsTheCopyWaitOnly(t *testing.T) {
	o, _, p, _ := setup(t, Config{Timeout: 5 * time.Second, CopyWait: 100 * time.Millisecond})
	get(p, "/linkedin-api")
	newer := strings.Replace(feedBody, "urn:li:share:1", "urn:li:share:9", 1)
	o.put("/linkedin-api", ownerItem{"application/json; charset=utf-8", "public, max-age=60", newer})
	o.set("slow")
	start := time.Now()
	w := get(p, "/linkedin-api")
	if took := time.Since(start); w.Code != 200 || w.Header().Get(SourceHeader) != "copy" || took > 600*time.Millisecond {
		t.Fatalf("a slow owner with a copy: %d %q after %v, want the copy after about 100 ms", w.Code, w.Header().Get(SourceHeader), took)
	}
	if w.Body.String() != feedBody {
		t.Errorf("served %q, want the copy", w.Body)
	}
	// The owner's answer, when it comes, updates the copy.
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if c, ok := p.store.Open("/linkedin-api"); ok {
			b, _ := io.ReadAll(c)
			c.Close()
			if string(b) == newer {
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	o.set("")
	if w := get(p, "/linkedin-api"); w.Body.String() != newer {
		t.Errorf("after the slow answer: %q, want the owner's newer feed", w.Body)
	}
	// Without a copy, the visitor waits for the owner.
	o.set("slow")
	start = time.Now()
	if w := get(p, imageURL); w.Code != 200 || w.Header().Get(SourceHeader) != "owner" || time.Since(start) < 600*time.Millisecond {
		t.Errorf("a slow owner, no copy: %d %q after %v", w.Code, w.Header().Get(SourceHeader), time.Since(start))
	}
}

func TestOneRequestForManyVisitors(t *testing.T) {
	o, _, p, _ := setup(t, Config{})
	o.put("/linkedin-api", ownerItem{"application/json", "public", feedBody})
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if w := get(p, mediaPath); w.Code != 200 || w.Body.String() != mediaBytes {
				t.Errorf("%d %q", w.Code, w.Body)
			}
		}()
	}
	wg.Wait()
	if n := len(o.seen()); n > 20 || n < 1 {
		t.Errorf("%d requests to the owner", n)
	}
}

func TestMetrics(t *testing.T) {
	o, _, p, reg := setup(t, Config{})
	get(p, "/linkedin-api")
	o.set("503")
	get(p, "/linkedin-api")
	get(p, "/linkedin-api/nope")
	for served, want := range map[string]float64{"owner": 1, "copy": 1, "failed": 0, "refused": 1} {
		if got := counter(t, p.metrics.served, served); got != want {
			t.Errorf("served %s = %v, want %v", served, got, want)
		}
	}
	if got := counter(t, p.metrics.owner, "error_status"); got != 1 {
		t.Errorf("owner error_status = %v, want 1", got)
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range families {
		if m := f.GetMetric(); len(m) == 1 && m[0].GetGauge() != nil {
			got[f.GetName()] = m[0].GetGauge().GetValue()
		}
	}
	if got["veldhaven_feed_proxy_copies"] != 2 || got["veldhaven_feed_proxy_copy_bytes"] <= 0 || got["veldhaven_feed_proxy_owner_last_ok_timestamp_seconds"] <= 0 {
		t.Errorf("gauges %v: want 2 copies (the feed and its gzip variant), their bytes, the owner's last answer", got)
	}
}

// TestAgainstTheOwnersHandler: the real insights handler (sample feed) as
// the owner: every URL of the feed answers the same through the proxy.
func TestAgainstTheOwnersHandler(t *testing.T) {
	feed, err := insights.New(insights.Config{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = feed.Close() })
	srv := httptest.NewServer(feed.Handler())
	t.Cleanup(srv.Close)
	u, _ := ParseOwnerURL(srv.URL)
	p, err := New(Config{Owner: u, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	direct := func(path string) []byte {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return b
	}
	w := get(p, "/linkedin-api")
	if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), direct("/linkedin-api")) {
		t.Fatalf("feed: %d, not the owner's", w.Code)
	}
	var body struct {
		Elements []json.RawMessage `json:"elements"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || len(body.Elements) == 0 {
		t.Fatalf("feed: %v, %d posts", err, len(body.Elements))
	}
	// Every media URN of the feed: its URL, then its bytes.
	urns := map[string]bool{}
	for _, m := range regexpURN.FindAllString(w.Body.String(), -1) {
		urns[m] = true
	}
	if len(urns) == 0 {
		t.Fatal("no media URN in the sample feed")
	}
	for urn := range urns {
		kind := strings.Split(urn, ":")[2]
		w := get(p, "/linkedin-api/"+kind+"?urn="+url.QueryEscape(urn))
		if w.Code != 200 {
			t.Errorf("%s: %d %s", urn, w.Code, w.Body)
			continue
		}
		var m struct {
			DownloadURL, Thumbnail string
		}
		_ = json.Unmarshal(w.Body.Bytes(), &m)
		path := m.DownloadURL + m.Thumbnail
		mw := get(p, path)
		if mw.Code != 200 || !bytes.Equal(mw.Body.Bytes(), direct(path)) || mw.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("%s: %d, %d bytes, CSP %q", path, mw.Code, mw.Body.Len(), mw.Header().Get("Content-Security-Policy"))
		}
	}
}

func TestParseOwnerURL(t *testing.T) {
	tests := []struct {
		raw, want string
	}{
		{"http://site-feed:8080", "http://site-feed:8080"},
		{"http://site-feed:8080/", "http://site-feed:8080"},
		{"https://feed.internal", "https://feed.internal"},
		{"http://127.0.0.1:19050", "http://127.0.0.1:19050"},
		{"ftp://site-feed", ""},
		{"site-feed:8080", ""},
		{"//site-feed:8080", ""},
		{"http://", ""},
		{"http://:8080", ""},
		{"http://user:pw@site-feed", ""},
		{"http://site-feed/linkedin-api", ""},
		{"http://site-feed/..", ""},
		{"http://site-feed/%2e%2e", ""},
		{"http://site-feed?x=1", ""},
		{"http://site-feed?", ""},
		{"http://site-feed#x", ""},
		{"http://site-feed:port", ""},
		{"http://site feed", ""},
		{"", ""},
	}
	for _, tt := range tests {
		u, err := ParseOwnerURL(tt.raw)
		got := ""
		if err == nil {
			got = u.String()
		}
		if got != tt.want {
			t.Errorf("ParseOwnerURL(%q) = %q, %v; want %q", tt.raw, got, err, tt.want)
		}
	}
}

// counter reads one value of a counter vector.
func counter(t *testing.T, v *prometheus.CounterVec, label string) float64 {
	t.Helper()
	var m dto.Metric
	if err := v.WithLabelValues(label).Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetCounter().GetValue()
}

// keyOf is the key of target's copy.
func keyOf(t *testing.T, target string) string {
	t.Helper()
	tg, err := parseTarget(httptest.NewRequest(http.MethodGet, target, nil))
	if err != nil {
		t.Fatalf("%s: %s", target, err.msg)
	}
	return tg.key
}
