package feedreplica

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

	"github.com/veldhaven/site/internal/insights"
	"github.com/veldhaven/site/internal/linkedin"
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

// setup starts a fake owner and a replica in front of it.
func setup(t *testing.T) (*owner, *httptest.Server, *Replica) {
	t.Helper()
	o := newOwner()
	srv := httptest.NewServer(o)
	t.Cleanup(srv.Close)
	return o, srv, newReplica(t, srv.URL, t.TempDir())
}

// newReplica is a replica of the owner at ownerURL keeping its copies in dir.
func newReplica(t testing.TB, ownerURL, dir string) *Replica {
	t.Helper()
	u, err := ParseOwnerURL(ownerURL)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewReplica(u, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// hasCopy reports whether p holds a copy of target.
func hasCopy(t *testing.T, p *Replica, target string) bool {
	t.Helper()
	u, _ := url.Parse(target)
	tg, status, _ := parseTarget(u)
	if status != 0 {
		t.Fatalf("%s: refused with %d", target, status)
	}
	_, err := os.Stat(filepath.Join(p.dir, file(tg.key())))
	return err == nil
}

// get asks the replica for target with the given headers.
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
			t.Parallel()
			o, _, p := setup(t)
			p.timeout = 300 * time.Millisecond // the owner hangs in some cases
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
			if w.Header().Get(SourceHeader) == "copy" && w.Header().Get("Cache-Control") != insights.CacheStaleFeed {
				t.Errorf("a copy served with Cache-Control %q, want %q", w.Header().Get("Cache-Control"), insights.CacheStaleFeed)
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

// TestTheReplicaSetsTypeAndPolicy: whatever type and policy a compromised
// owner sends, media are served only as the image or video their bytes
// are, of the kind their key names, with the replica's own policy.
func TestTheReplicaSetsTypeAndPolicy(t *testing.T) {
	const html = "<script>alert(document.domain)</script>"
	const webm = "\x1a\x45\xdf\xa3 a WebM header and some bytes"
	tests := []struct {
		name, target, ownerType, body string
		status                        int
		wantType                      string
	}{
		{"media bytes as HTML", mediaPath, "text/html", html, 502, "application/json; charset=utf-8"},
		{"media bytes as SVG", mediaPath, "image/svg+xml", html, 502, "application/json; charset=utf-8"},
		{"a video under an image key", mediaPath, "image/jpeg", webm, 502, "application/json; charset=utf-8"},
		{"JPEG bytes sent as HTML", mediaPath, "text/html", mediaBytes, 200, "image/jpeg"},
		{"the image URL as HTML", imageURL, "text/html", `{"downloadUrl":"` + mediaPath + `"}`, 200, "application/json; charset=utf-8"},
		{"the feed as HTML", "/linkedin-api", "text/html", feedBody, 200, "application/json; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _, p := setup(t)
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
				if got := w.Header().Get("Content-Security-Policy"); got != replicaPolicy {
					t.Errorf("%s: Content-Security-Policy %q, want %q", from, got, replicaPolicy)
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
	p := newReplica(t, "http://"+addr, t.TempDir())
	var logs bytes.Buffer
	p.logger = slog.New(slog.NewTextHandler(&logs, nil))
	for range 2 {
		if w := get(p, "/linkedin-api"); w.Code != http.StatusBadGateway {
			t.Fatalf("status %d, want 502 (%s)", w.Code, w.Body)
		}
	}
	if l := logs.String(); strings.Count(l, "the feed owner failed") != 1 {
		t.Errorf("logs %q: want the failure said once", l)
	}
}

func TestOwner404DropsTheCopy(t *testing.T) {
	for _, target := range []string{mediaPath, imageURL} {
		t.Run(target, func(t *testing.T) {
			o, _, p := setup(t)
			if w := get(p, target); w.Code != 200 {
				t.Fatalf("owner up: %d", w.Code)
			}
			if !hasCopy(t, p, target) {
				t.Fatal("no copy kept")
			}
			// The post is deleted upstream: the owner's next refresh drops it.
			o.del(target)
			w := get(p, target)
			if w.Code != http.StatusNotFound || w.Header().Get("Cache-Control") != "no-store" || !strings.Contains(w.Body.String(), `"status":404`) {
				t.Fatalf("after the owner's 404: %d %q %s", w.Code, w.Header().Get("Cache-Control"), w.Body)
			}
			if hasCopy(t, p, target) {
				t.Error("the copy survived the owner's 404")
			}
			// And with the owner away now, nothing is served for it.
			o.set("drop")
			if w := get(p, target); w.Code != http.StatusBadGateway {
				t.Errorf("owner away after the 404: %d, want 502 (no copy left)", w.Code)
			}
		})
	}
}

func TestRevalidatesWithTheOwner(t *testing.T) {
	o, _, p := setup(t)
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
	o, _, p := setup(t)
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
		if etag := w.Header().Get("ETag"); etag != "" && etag == get(p, "/linkedin-api").Header().Get("ETag") {
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
			o, srv, p := setup(t)
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

func TestCopiesSurviveARestart(t *testing.T) {
	o, srv, p := setup(t)
	for _, target := range []string{"/linkedin-api", imageURL, mediaPath} {
		if w := get(p, target); w.Code != 200 {
			t.Fatalf("%s: %d", target, w.Code)
		}
	}
	o.set("drop")
	p2 := newReplica(t, srv.URL, p.dir)
	for _, target := range []string{"/linkedin-api", imageURL, mediaPath} {
		if w := get(p2, target); w.Code != 200 || w.Header().Get(SourceHeader) != "copy" {
			t.Errorf("%s after a restart, owner away: %d %q", target, w.Code, w.Header().Get(SourceHeader))
		}
	}
}

// TestCopiesAgeOut: no copy is served once the owner has not confirmed it
// for maxCopyAge, and a confirmation (304) keeps it.
func TestCopiesAgeOut(t *testing.T) {
	o, _, p := setup(t)
	for _, target := range []string{"/linkedin-api", mediaPath} {
		if w := get(p, target); w.Code != 200 {
			t.Fatalf("%s, owner up: %d", target, w.Code)
		}
	}
	var mu sync.Mutex
	now := time.Now()
	p.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	advance(maxCopyAge - time.Minute)
	if w := get(p, "/linkedin-api"); w.Code != 200 || w.Header().Get(SourceHeader) != "owner" {
		t.Fatalf("the feed, confirmed: %d %q", w.Code, w.Header().Get(SourceHeader))
	}
	o.set("drop")
	advance(2 * time.Minute)
	if w := get(p, mediaPath); w.Code == 200 {
		t.Errorf("media not confirmed for %v served: %d", maxCopyAge+time.Minute, w.Code)
	}
	if w := get(p, "/linkedin-api"); w.Code != 200 || w.Header().Get(SourceHeader) != "copy" {
		t.Errorf("the feed confirmed two minutes ago: %d %q, want its copy", w.Code, w.Header().Get(SourceHeader))
	}
}

// TestAVisitorsFailureHoldsOnlyItsURL: a visitor looping on a URL the
// owner answers 5xx does not put the other URLs on their copies: a new
// post shows, and media the owner has withdrawn answer 404.
func TestAVisitorsFailureHoldsOnlyItsURL(t *testing.T) {
	const oversizedVideo = "/linkedin-api/media/video-D4D05AQOversized0"
	o, _, p := setup(t)
	o.answer(oversizedVideo, http.StatusBadGateway)
	for _, target := range []string{"/linkedin-api", mediaPath} {
		if w := get(p, target); w.Code != 200 {
			t.Fatalf("%s, owner up: %d", target, w.Code)
		}
	}
	newer := strings.Replace(feedBody, "urn:li:share:1", "urn:li:share:7", 1)
	o.put("/linkedin-api", ownerItem{"application/json; charset=utf-8", "public, max-age=60", newer})
	o.del(mediaPath)
	for range 3 {
		if w := get(p, oversizedVideo); w.Code != http.StatusBadGateway {
			t.Fatalf("the oversized video: %d, want the owner's 502", w.Code)
		}
		if w := get(p, "/linkedin-api"); w.Body.String() != newer || w.Header().Get(SourceHeader) != "owner" {
			t.Errorf("the feed during the visitor's loop: %q from %q, want the owner's new feed", w.Body, w.Header().Get(SourceHeader))
		}
		if w := get(p, mediaPath); w.Code != http.StatusNotFound {
			t.Errorf("withdrawn media during the visitor's loop: %d, want the owner's 404", w.Code)
		}
	}
}

// TestCopiesKeepTheRangeBound: ten ranges of a small copy answer no more
// than the copy, from the owner's answer or from the copy alone.
func TestCopiesKeepTheRangeBound(t *testing.T) {
	o, _, p := setup(t)
	const ten = "bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14,16-16,18-18"
	for _, source := range []string{"owner", "copy"} {
		if source == "copy" {
			o.set("drop")
		}
		for _, target := range []string{imageURL, mediaPath} {
			w := get(p, target, "Range", ten)
			size := len(get(p, target).Body.Bytes())
			if w.Body.Len() > size || w.Header().Get(SourceHeader) != source {
				t.Errorf("%s from the %s: %d bytes for ten ranges of %d (%q)", target, source, w.Body.Len(), size, w.Header().Get(SourceHeader))
			}
		}
	}
}

func TestOneRequestForManyVisitors(t *testing.T) {
	o, _, p := setup(t)
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if w := get(p, mediaPath); w.Code != 200 || w.Body.String() != mediaBytes {
				t.Errorf("%d %q", w.Code, w.Body)
			}
		})
	}
	wg.Wait()
	if n := len(o.seen()); n > 20 || n < 1 {
		t.Errorf("%d requests to the owner", n)
	}
}

// TestAgainstTheOwnersHandler: the real handler (sample feed) as the
// owner: every URL of the feed answers the same through the replica.
func TestAgainstTheOwnersHandler(t *testing.T) {
	feed, err := insights.New(insights.Config{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = feed.Close() })
	srv := httptest.NewServer(feed.Handler())
	t.Cleanup(srv.Close)
	p := newReplica(t, srv.URL, t.TempDir())
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
		if mw.Code != 200 || !bytes.Equal(mw.Body.Bytes(), direct(path)) || mw.Header().Get("Content-Security-Policy") != replicaPolicy {
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

// FuzzParseTarget: whatever a visitor sends, what is forwarded is one of
// the owner's paths with at most a urn the owner's own check accepts.
func FuzzParseTarget(f *testing.F) {
	for _, seed := range []string{
		"/linkedin-api", "/linkedin-api?x=1", imageURL, imageURL + "&urn=" + imageURN, mediaPath,
		"/linkedin-api/video?urn=" + videoURN, "/linkedin-api/media/thumb-D4D05AQH9kLmN2pQrSt",
		"/linkedin-api/media/..%2f..%2fetc", "/linkedin-api/image?urn=urn%3Ali%3Aimage%3AC4D22AQFx4nG7Gm1bVQ%00",
		"/linkedin-api/posts", "/linkedin-api/image?urn=%zz",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := url.Parse(raw)
		if err != nil {
			return
		}
		tg, status, _ := parseTarget(u)
		if status != 0 {
			if status != 400 && status != 404 {
				t.Fatalf("%q: refused with %d", raw, status)
			}
			return
		}
		switch {
		case tg.path == insights.PathFeed:
			if tg.query != "" {
				t.Fatalf("%q: the feed forwarded with a query %q", raw, tg.query)
			}
		case tg.path == insights.PathImage || tg.path == insights.PathVideo:
			q, err := url.ParseQuery(tg.query)
			kind := strings.TrimPrefix(tg.path, insights.PathFeed+"/")
			if err != nil || len(q) != 1 || len(q["urn"]) != 1 || parseURN(q.Get("urn")) != kind {
				t.Fatalf("%q: forwarded query %q", raw, tg.query)
			}
		case strings.HasPrefix(tg.path, insights.PathMediaPrefix):
			if tg.query != "" || !validKey(strings.TrimPrefix(tg.path, insights.PathMediaPrefix)) {
				t.Fatalf("%q: forwarded %q ? %q", raw, tg.path, tg.query)
			}
		default:
			t.Fatalf("%q: forwarded path %q", raw, tg.path)
		}
		if strings.ContainsAny(file(tg.key()), "/\\") {
			t.Fatalf("%q: copy file name %q", raw, file(tg.key()))
		}
	})
}

// parseURN is the kind of a valid media URN, "" otherwise.
func parseURN(urn string) string {
	k, _ := linkedin.ValidateMediaURN(urn)
	return string(k)
}

// validKey reports whether key is one /linkedin-api/media/{key} serves.
func validKey(key string) bool {
	_, _, ok := insights.ParseMediaKey(key)
	return ok
}

func TestValidMediaURN(t *testing.T) {
	tests := []struct {
		urn, kind string
		want      bool
	}{
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ", "image", true},
		{"urn:li:video:C4D05AQHx4nG7Gm1bVQ", "video", true},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ", "video", false},
		{"urn:li:video:C4D05AQHx4nG7Gm1bVQ", "image", false},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ&x=1", "image", false},
		{"urn:li:image:../../etc", "image", false},
		{"urn:li:share:123", "image", false},
		{"", "image", false},
	}
	for _, tt := range tests {
		u := &url.URL{Path: insights.PathFeed + "/" + tt.kind, RawQuery: url.Values{"urn": {tt.urn}}.Encode()}
		if _, status, _ := parseTarget(u); (status == 0) != tt.want {
			t.Errorf("a replica's check of %s: status %d, want accepted %v", u, status, tt.want)
		}
	}
}
