package feedreplica

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/veldhaven/site/internal/atomicfile"
	"github.com/veldhaven/site/internal/insights"
	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/mediastore"
	"github.com/veldhaven/site/internal/respond"
)

// SourceHeader says where a web replica's answer came from: "owner" (the
// feed owner answered now) or "copy" (its last good answer, the owner away).
const SourceHeader = "X-Feed-Source"

const (
	// maxCopyAge is how long a copy is served after the owner last
	// confirmed it: the day of stale-if-error the feed's answers allow.
	maxCopyAge = 24 * time.Hour
	// maxCopyBytes bounds one answer of the owner: its media cap and room.
	maxCopyBytes = 32 << 20
	// replicaPolicy is the Content-Security-Policy of every answer of a
	// replica: nothing it serves is meant to run or load anything.
	replicaPolicy = "default-src 'none'; sandbox"
)

// Replica serves /linkedin-api* on a web replica from the feed owner, keeping
// each good answer as a file for while the owner is away; it sets every
// answer's content type and policy itself, never the owner's.
type Replica struct {
	owner   *url.URL
	dir     string
	client  *http.Client
	logger  *slog.Logger
	now     func() time.Time
	timeout time.Duration // JSON answers; media bytes get five times as long
	flights singleflight.Group

	mu      sync.Mutex
	etags   map[string]string // key -> the owner's ETag of the copy
	failing bool              // the owner's last answer of the feed was a failure
}

// NewReplica serves the feed from the owner at base URL owner
// (ParseOwnerURL), keeping copies in dir (one process per folder).
func NewReplica(owner *url.URL, dir string, logger *slog.Logger) (*Replica, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("feed copies: %w", err)
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	transport := &http.Transport{ // never HTTP_PROXY: the owner is in the cluster
		DialContext:         (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     90 * time.Second,
	}
	client := &http.Client{Transport: transport, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &Replica{owner: owner, dir: dir, client: client, logger: logger, now: time.Now, timeout: 5 * time.Second, etags: map[string]string{}}, nil
}

// ParseOwnerURL checks FEED_URL: an http or https origin and nothing else
// (no user, path, query or fragment), so no request can steer it.
func ParseOwnerURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return nil, fmt.Errorf("not a URL: %w", err)
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, errors.New("must start with http:// or https://")
	case u.Opaque != "" || u.Hostname() == "":
		return nil, errors.New("must name a host, e.g. http://site-feed:8080")
	case u.User != nil:
		return nil, errors.New("must not hold a user or password")
	case (u.Path != "" && u.Path != "/") || u.RawPath != "":
		return nil, errors.New("must be the owner's base URL, without a path")
	case u.RawQuery != "" || u.ForceQuery || strings.Contains(raw, "#"):
		return nil, errors.New("must not hold a query or fragment")
	}
	return &url.URL{Scheme: u.Scheme, Host: u.Host}, nil
}

// copyTarget is a checked request: the key of its copy (path and the
// forwarded query) and the kind of answer.
type copyTarget struct {
	path, query string
	feed        bool
	media       string // "image", "video" or "thumb" for media bytes
}

func (t copyTarget) key() string {
	if t.query == "" {
		return t.path
	}
	return t.path + "?" + t.query
}

// parseTarget checks a request as the owner's handler does, so that only
// what the owner accepts is forwarded; status is the refusal's (400, 404) or 0.
func parseTarget(u *url.URL) (t copyTarget, status int, msg string) {
	switch p := u.Path; p {
	case insights.PathFeed:
		return copyTarget{path: p, feed: true}, 0, ""
	case insights.PathImage, insights.PathVideo:
		q, err := url.ParseQuery(u.RawQuery)
		if err != nil || len(q["urn"]) != 1 {
			return t, http.StatusBadRequest, "exactly one urn query parameter is required"
		}
		kind := strings.TrimPrefix(p, insights.PathFeed+"/")
		if k, ok := linkedin.ValidateMediaURN(q.Get("urn")); !ok || string(k) != kind {
			return t, http.StatusBadRequest, "urn is not a LinkedIn " + kind + " URN"
		}
		return copyTarget{path: p, query: url.Values{"urn": q["urn"]}.Encode()}, 0, ""
	default:
		key, ok := strings.CutPrefix(p, insights.PathMediaPrefix)
		if !ok || key == "" || strings.Contains(key, "/") {
			return t, http.StatusNotFound, "not found"
		}
		if _, _, ok := insights.ParseMediaKey(key); !ok {
			return t, http.StatusBadRequest, "invalid media key"
		}
		kind, _, _ := strings.Cut(key, "-")
		return copyTarget{path: p, media: kind}, 0, ""
	}
}

// ownerAnswer is what one request to the owner came to.
type ownerAnswer struct {
	status int         // 0: no answer
	header http.Header // the owner's validators, caching and Retry-After
	body   []byte      // an answer other than 200 and 304
	err    error
}

// failed: no answer, or one saying the owner cannot answer now.
func (a ownerAnswer) failed() bool {
	return a.err != nil || a.status >= 500 || a.status == http.StatusTooManyRequests
}

// ServeHTTP answers a request for /linkedin-api or below.
func (p *Replica) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", replicaPolicy)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		respond.Error(w, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	t, status, msg := parseTarget(r.URL)
	if status != 0 {
		respond.Error(w, status, msg)
		return
	}
	v, _, _ := p.flights.Do(t.key(), func() (any, error) { return p.ask(t), nil })
	a := v.(ownerAnswer)
	switch {
	case a.status == http.StatusOK || a.status == http.StatusNotModified:
		if p.serveCopy(w, r, t, a.header) {
			return
		}
		respond.Error(w, http.StatusServiceUnavailable, "feed temporarily unavailable, please retry")
	case !a.failed():
		p.passOn(w, a) // a removal (the copy went with it) or a refusal
	case p.serveCopy(w, r, t, nil):
	case a.status != 0:
		p.passOn(w, a)
	case errors.Is(a.err, context.DeadlineExceeded):
		respond.Error(w, http.StatusGatewayTimeout, "the feed did not answer in time, please retry")
	default:
		respond.Error(w, http.StatusBadGateway, "the feed is unavailable, please retry")
	}
}

// ask gets t from the owner and applies the answer to its copy: a 200
// replaces it, a 304 confirms it, a 404 or 410 removes it.
func (p *Replica) ask(t copyTarget) ownerAnswer {
	timeout := p.timeout
	if t.media != "" {
		timeout *= 5
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	u := url.URL{Scheme: p.owner.Scheme, Host: p.owner.Host, Path: t.path, RawQuery: t.query}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	req.Header = http.Header{"Accept-Encoding": {"identity"}, "User-Agent": {"veldhaven-site web replica"}}
	name := filepath.Join(p.dir, file(t.key()))
	p.mu.Lock()
	etag := p.etags[t.key()]
	p.mu.Unlock()
	if _, err := os.Stat(name); err == nil && etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	a := p.request(req, t)
	switch {
	case a.status == http.StatusOK:
		p.mu.Lock()
		p.etags[t.key()] = a.header.Get("Etag")
		p.mu.Unlock()
	case a.status == http.StatusNotModified:
		now := p.now()
		_ = os.Chtimes(name, now, now)
		_ = os.Chtimes(name+".gz", now, now)
	case a.status == http.StatusNotFound || a.status == http.StatusGone:
		p.mu.Lock()
		delete(p.etags, t.key())
		p.mu.Unlock()
		_ = os.Remove(name)
		_ = os.Remove(name + ".gz")
	}
	if t.feed {
		p.mu.Lock()
		changed := p.failing != a.failed()
		p.failing = a.failed()
		p.mu.Unlock()
		if changed && p.failing {
			p.logger.Warn("web replica: the feed owner failed; serving last good copies", slog.Int("status", a.status), slog.Any("error", a.err))
		} else if changed {
			p.logger.Info("web replica: the feed owner answers again")
		}
	}
	return a
}

// request sends req and keeps a 200 as t's copy.
func (p *Replica) request(req *http.Request, t copyTarget) ownerAnswer {
	resp, err := p.client.Do(req)
	if err != nil {
		return ownerAnswer{err: err}
	}
	defer resp.Body.Close()
	a := ownerAnswer{status: resp.StatusCode, header: http.Header{}}
	for _, k := range []string{"Cache-Control", "Etag", "Last-Modified", "X-Feed-Stale", "Retry-After"} {
		if v := resp.Header.Get(k); v != "" {
			a.header.Set(k, v)
		}
	}
	switch {
	case resp.StatusCode == http.StatusOK:
		if err := p.keep(t, resp); err != nil {
			return ownerAnswer{err: err}
		}
	case resp.StatusCode == http.StatusNotModified:
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		return ownerAnswer{err: errors.New("the owner answered a redirect")}
	default:
		if a.body, err = io.ReadAll(io.LimitReader(resp.Body, 64<<10)); err != nil {
			return ownerAnswer{err: err}
		}
	}
	return a
}

// file is the name of key's copy in the folder.
func file(key string) string { return url.PathEscape(key) }

// keep streams the owner's 200 into t's copy (and the feed's gzip variant),
// each file replaced atomically, and removes copies the owner has not
// confirmed for maxCopyAge.
func (p *Replica) keep(t copyTarget, resp *http.Response) (err error) {
	tmp, err := os.CreateTemp(p.dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("feed copy: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	n, err := io.Copy(tmp, io.LimitReader(resp.Body, maxCopyBytes+1))
	head := make([]byte, 512)
	m, _ := tmp.ReadAt(head, 0)
	switch {
	case err != nil:
		return fmt.Errorf("read the owner's answer: %w", err)
	case n > maxCopyBytes || resp.ContentLength >= 0 && n != resp.ContentLength:
		return errors.New("the owner's answer was cut or too large")
	case contentTypeOf(t, head[:m]) == "":
		return errors.New("the owner's media are not of their kind")
	}
	name := filepath.Join(p.dir, file(t.key()))
	if err = tmp.Close(); err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		return fmt.Errorf("feed copy: %w", err)
	}
	if t.feed {
		body, err := os.ReadFile(name)
		var zipped bytes.Buffer
		if err == nil {
			zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestCompression)
			_, _ = zw.Write(body)
			err = errors.Join(zw.Close(), atomicfile.Write(p.dir, file(t.key())+".gz", zipped.Bytes(), 0o600))
		}
		if err != nil {
			return fmt.Errorf("feed copy: %w", err)
		}
	}
	entries, _ := os.ReadDir(p.dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && p.now().Sub(info.ModTime()) > maxCopyAge {
			_ = os.Remove(filepath.Join(p.dir, e.Name()))
		}
	}
	return nil
}

// contentTypeOf is the type t's bytes are served as: JSON, or for media
// the type sniffed from them when it is of the kind the key names; ""
// refuses them.
func contentTypeOf(t copyTarget, head []byte) string {
	if t.media == "" {
		return "application/json; charset=utf-8"
	}
	ct := http.DetectContentType(head)
	if mediastore.KindMatches(t.media+"-", ct) {
		return ct
	}
	return ""
}

// serveCopy answers t from its copy: fresh holds the owner's headers of
// its answer just now, nil when the owner is away.
func (p *Replica) serveCopy(w http.ResponseWriter, r *http.Request, t copyTarget, fresh http.Header) bool {
	name := filepath.Join(p.dir, file(t.key()))
	h := w.Header()
	gz := false
	if _, ok := respond.Encodings(r.Header.Get("Accept-Encoding")); ok && t.feed {
		if _, err := os.Stat(name + ".gz"); err == nil {
			name, gz = name+".gz", true
		}
	}
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || fresh == nil && p.now().Sub(info.ModTime()) > maxCopyAge {
		return false
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	ct := contentTypeOf(t, head[:n])
	if ct == "" {
		return false
	}
	h.Set("Content-Type", ct)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return false
	}
	modtime := info.ModTime()
	if fresh != nil {
		h.Set(SourceHeader, "owner")
		for k, v := range fresh {
			h[k] = v
		}
		if lm, err := http.ParseTime(fresh.Get("Last-Modified")); err == nil {
			modtime = lm
		}
		h.Del("Last-Modified") // ServeContent writes it from modtime
	} else {
		h.Set(SourceHeader, "copy")
		h.Set("Cache-Control", insights.CacheStaleFeed)
		if t.feed {
			h.Set("X-Feed-Stale", "1")
		}
	}
	if t.feed {
		h.Set("Vary", "Accept-Encoding")
	}
	if !gz {
		respond.Content(w, r, modtime, f)
		return true
	}
	if etag := h.Get("Etag"); etag != "" {
		h.Set("Etag", strings.TrimSuffix(etag, `"`)+`-gzip"`)
	}
	respond.Gzip(w, r, modtime, f, info.Size())
	return true
}

// passOn answers the owner's answer other than 200 and 304, its JSON error.
func (p *Replica) passOn(w http.ResponseWriter, a ownerAnswer) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if v := a.header.Get("Retry-After"); v != "" {
		h.Set("Retry-After", v)
	}
	h.Set(SourceHeader, "owner")
	h.Set("Content-Length", strconv.Itoa(len(a.body)))
	w.WriteHeader(a.status)
	_, _ = w.Write(a.body)
}
