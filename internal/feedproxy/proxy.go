// Package feedproxy serves /linkedin-api* on a web replica from the feed
// owner, the one process that calls LinkedIn (docs/deploy.md, "Replicas").
//
// Each request is checked as the owner would check it (the paths, the urn
// query parameter, the media key) and forwarded rebuilt from the checked
// parts only, through an httputil.ReverseProxy with its own transport:
// timeouts, no proxy from the environment, no redirect followed. The
// owner's good answer (200, or 304 for the copy already held) is kept on
// disk as the last good copy of that URL, and the visitor is served from it
// (ranges and conditional requests included, as the owner would). While the
// owner cannot be reached, times out or fails (5xx), the copy is served; a
// 404 from the owner drops the copy (a post deleted upstream takes its media
// with it). Copies are bounded in bytes and in count, least recently used
// first out.
package feedproxy

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"

	"github.com/veldhaven/site/internal/accept"
	"github.com/veldhaven/site/internal/insights"
)

// Defaults of Config.
const (
	// DefaultMaxBytes bounds the bodies of all copies: the owner's media
	// store is bounded at 256 MiB, and the chart's emptyDir at 512 MiB.
	DefaultMaxBytes = 256 << 20
	// DefaultMaxEntries bounds the number of copies (a feed of 20 posts
	// has about 60 URLs: the feed, an image or video URL and bytes each).
	DefaultMaxEntries = 2048
	// DefaultTimeout bounds a JSON answer of the owner (the owner itself
	// waits up to its INSIGHTS_TIMEOUT, 5 s, for LinkedIn).
	DefaultTimeout = 10 * time.Second
	// DefaultMediaTimeout bounds media bytes (the owner may fetch them
	// from LinkedIn first); under the server's 30 s write timeout.
	DefaultMediaTimeout = 25 * time.Second
	// DefaultCopyWait is how long a visitor whose URL has a copy waits for
	// the owner before getting the copy (the owner's answer still updates
	// it): a hung owner costs a visitor this, not the whole timeout.
	DefaultCopyWait = 2 * time.Second
)

const (
	// maxItemBytes bounds one answer: the owner's media cap (25 MiB) and
	// some room.
	maxItemBytes = 32 << 20
	// maxErrorBytes bounds an error answer of the owner that is passed on.
	maxErrorBytes = 64 << 10
	// dialTimeout: the owner is in the same cluster; a connection that
	// takes longer is not coming.
	dialTimeout = 2 * time.Second
	// failureHold is how long after a failure of the owner requests with a
	// copy get it at once instead of waiting on the owner again.
	failureHold = 2 * time.Second
	// cacheStaleFeed is the Cache-Control of a feed served from its copy
	// while the owner is away (the owner's own stale answer): briefly
	// cached, so that a recovery shows quickly.
	cacheStaleFeed = "public, max-age=10, stale-while-revalidate=60, stale-if-error=86400"
	cacheError     = "no-store"
	// gzipPrefix keys the gzip variant of the feed's copy.
	gzipPrefix = "gzip "
)

// SourceHeader says where an answer came from: "owner" (the owner answered
// now), or "copy" (the last good copy, the owner being away).
const SourceHeader = "X-Feed-Source"

// keptHeaders are the owner's headers a copy keeps and repeats.
var keptHeaders = []string{"Content-Type", "Cache-Control", "Etag", "Last-Modified", "X-Feed-Stale", "Content-Security-Policy", "Retry-After"}

// Config configures a Proxy.
type Config struct {
	// Owner is the feed owner's base URL (ParseOwnerURL).
	Owner *url.URL
	// Dir holds the copies (created if needed); one process per folder.
	Dir string
	// MaxBytes and MaxEntries bound the copies; zero: the defaults.
	MaxBytes   int64
	MaxEntries int
	// Timeout bounds the owner's JSON answers, MediaTimeout its media
	// bytes; zero: the defaults.
	Timeout, MediaTimeout time.Duration
	// CopyWait bounds the wait for the owner when there is a copy to
	// answer with; zero: DefaultCopyWait.
	CopyWait time.Duration
	// Logger receives warnings; nil discards them.
	Logger *slog.Logger
	// Registerer gets the proxy's metrics; nil registers none.
	Registerer prometheus.Registerer
	// Transport reaches the owner; nil: a transport of the proxy's own.
	Transport http.RoundTripper
	// Now is the clock; nil: time.Now.
	Now func() time.Time
}

// Proxy is the handler of /linkedin-api* on a web replica.
type Proxy struct {
	cfg     Config
	owner   string // for logs and status
	store   *store
	rp      *httputil.ReverseProxy
	flights singleflight.Group
	metrics *metrics
	logger  *slog.Logger
	now     func() time.Time

	mu        sync.Mutex
	lastOK    time.Time // the owner's last good answer
	lastFail  time.Time // its last failure
	lastError string    // what that failure was
}

// ParseOwnerURL checks FEED_URL: an http or https origin (scheme and host,
// an optional port), nothing else: no user, no path, query or fragment,
// so that no part of a request can be steered elsewhere.
func ParseOwnerURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return nil, fmt.Errorf("not a URL: %w", err)
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, errors.New("must start with http:// or https://")
	case u.Opaque != "" || u.Host == "" || u.Hostname() == "":
		return nil, errors.New("must name a host, e.g. http://site-feed:8080")
	case u.User != nil:
		return nil, errors.New("must not hold a user or password")
	case (u.Path != "" && u.Path != "/") || u.RawPath != "":
		return nil, errors.New("must be the owner's base URL, without a path")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#"):
		return nil, errors.New("must not hold a query or fragment")
	}
	return &url.URL{Scheme: u.Scheme, Host: u.Host}, nil
}

// New builds the proxy and indexes the copies already in cfg.Dir.
func New(cfg Config) (*Proxy, error) {
	if cfg.Owner == nil {
		return nil, errors.New("feed proxy: no owner URL")
	}
	if cfg.Dir == "" {
		return nil, errors.New("feed proxy: no folder for the copies")
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.MaxEntries <= 0 {
		cfg.MaxEntries = DefaultMaxEntries
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MediaTimeout <= 0 {
		cfg.MediaTimeout = DefaultMediaTimeout
	}
	if cfg.CopyWait <= 0 {
		cfg.CopyWait = DefaultCopyWait
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Transport == nil {
		cfg.Transport = newTransport()
	}
	st, err := newStore(cfg.Dir, cfg.MaxBytes, cfg.MaxEntries, validKey, cfg.Logger, cfg.Now)
	if err != nil {
		return nil, err
	}
	p := &Proxy{cfg: cfg, owner: cfg.Owner.String(), store: st, logger: cfg.Logger, now: cfg.Now}
	p.metrics, err = newMetrics(cfg.Registerer, p)
	if err != nil {
		return nil, err
	}
	owner := *cfg.Owner
	p.rp = &httputil.ReverseProxy{
		// The outgoing request is made of the checked parts only: none of
		// the visitor's headers, path or query reaches the owner.
		Rewrite: func(pr *httputil.ProxyRequest) {
			f := flightOf(pr.In.Context())
			pr.Out.URL = &url.URL{Scheme: owner.Scheme, Host: owner.Host, Path: f.t.path, RawQuery: f.t.query}
			pr.Out.Host = owner.Host
			pr.Out.Header = http.Header{
				// The bytes as stored: the proxy compresses the feed itself.
				"Accept-Encoding": {"identity"},
				"User-Agent":      {"veldhaven-site web replica"},
			}
			if f.etag != "" {
				pr.Out.Header.Set("If-None-Match", f.etag)
			}
		},
		Transport:      cfg.Transport,
		ModifyResponse: func(resp *http.Response) error { return flightOf(resp.Request.Context()).take(resp) },
		ErrorHandler: func(_ http.ResponseWriter, r *http.Request, err error) {
			flightOf(r.Context()).fail(err)
		},
		ErrorLog: log.New(logWriter{cfg.Logger}, "", 0),
	}
	return p, nil
}

// newTransport reaches the owner: never through a proxy of the
// environment (HTTP_PROXY would send the feed's traffic out of the
// cluster), bounded connects, a few kept-alive connections.
func newTransport() *http.Transport {
	return &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: dialTimeout, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout: 5 * time.Second,
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     90 * time.Second,
	}
}

// logWriter sends the reverse proxy's own log lines to slog.
type logWriter struct{ l *slog.Logger }

func (w logWriter) Write(b []byte) (int, error) {
	w.l.Warn("feed proxy: " + strings.TrimSpace(string(b)))
	return len(b), nil
}

// target is a checked request: the key of its copy and what is asked of
// the owner.
type target struct {
	key   string // path, and ?urn= for the image and video URLs
	path  string
	query string
	feed  bool // the feed itself (compressed here, stale headers)
	media bool // media bytes (the longer timeout)
}

// apiError is an answer refused here, without asking the owner; the same
// status and message as the owner's.
type apiError struct {
	status int
	msg    string
}

// parseTarget checks a request as the owner's handler does.
func parseTarget(r *http.Request) (target, *apiError) {
	p := r.URL.Path
	switch p {
	case insights.PathFeed:
		// The owner ignores a query on the feed: none is forwarded.
		return target{key: p, path: p, feed: true}, nil
	case insights.PathImage, insights.PathVideo:
		kind := strings.TrimPrefix(p, insights.PathFeed+"/")
		q, err := url.ParseQuery(r.URL.RawQuery)
		if err != nil || len(q["urn"]) != 1 {
			return target{}, &apiError{http.StatusBadRequest, "exactly one urn query parameter is required"}
		}
		urn := q.Get("urn")
		if !insights.ValidMediaURN(urn, kind) {
			return target{}, &apiError{http.StatusBadRequest, "urn is not a LinkedIn " + kind + " URN"}
		}
		query := url.Values{"urn": {urn}}.Encode()
		return target{key: p + "?" + query, path: p, query: query}, nil
	}
	if key, ok := strings.CutPrefix(p, insights.PathMediaPrefix); ok && key != "" && !strings.Contains(key, "/") {
		if !insights.ValidMediaKey(key) {
			return target{}, &apiError{http.StatusBadRequest, "invalid media key"}
		}
		return target{key: p, path: p, media: true}, nil
	}
	return target{}, &apiError{http.StatusNotFound, "not found"}
}

// validKey reports whether key is one parseTarget makes (or its gzip
// variant): a copy of anything else is never loaded.
func validKey(key string) bool {
	key = strings.TrimPrefix(key, gzipPrefix)
	path, query, _ := strings.Cut(key, "?")
	r := &http.Request{URL: &url.URL{Path: path, RawQuery: query}}
	t, err := parseTarget(r)
	return err == nil && t.key == key
}

// result is what one request to the owner came to.
type result struct {
	status int         // the owner's status; 0 when it gave none
	header http.Header // its kept headers
	body   []byte      // an answer other than 200 and 304
	err    error       // unreachable, timed out, or an answer not taken
}

// flight is one request to the owner, shared by the visitors asking for
// the same URL at the same time.
type flight struct {
	p    *Proxy
	t    target
	etag string // of the copy held: the owner answers 304 if unchanged
	res  result
}

type flightKey struct{}

func flightOf(ctx context.Context) *flight { return ctx.Value(flightKey{}).(*flight) }

// errRedirect: the owner never redirects; one is not followed.
var errRedirect = errors.New("the owner answered a redirect")

// take reads the owner's answer: a 200 becomes the copy; others are kept
// to pass on. An error makes it a failure (ErrorHandler).
func (f *flight) take(resp *http.Response) error {
	defer func() {
		resp.Body.Close()
		resp.Body = http.NoBody
		resp.ContentLength = 0
	}()
	f.res.status = resp.StatusCode
	f.res.header = kept(resp.Header)
	switch {
	case resp.StatusCode == http.StatusOK:
		if resp.ContentLength > maxItemBytes {
			return errTooLarge
		}
		pend, err := f.p.store.create(f.t.key, headerMap(f.res.header), maxItemBytes)
		if err != nil {
			return err
		}
		if _, err := io.Copy(pend, resp.Body); err != nil {
			pend.abort()
			return fmt.Errorf("read the owner's answer: %w", err)
		}
		if resp.ContentLength >= 0 && pend.n != resp.ContentLength {
			pend.abort()
			return fmt.Errorf("the owner's answer ended after %d of %d bytes", pend.n, resp.ContentLength)
		}
		if err := pend.commit(); err != nil {
			return err
		}
		if f.t.feed {
			f.p.storeGzip(f.t.key)
		}
		return nil
	case resp.StatusCode == http.StatusNotModified:
		return nil
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		return errRedirect
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBytes))
	if err != nil {
		return fmt.Errorf("read the owner's answer: %w", err)
	}
	f.res.body = body
	return nil
}

// fail records a failure to get an answer (called by the reverse proxy).
func (f *flight) fail(err error) {
	f.res = result{err: err}
}

// kept is the subset of h a copy keeps.
func kept(h http.Header) http.Header {
	out := http.Header{}
	for _, k := range keptHeaders {
		if v := h.Get(k); v != "" {
			out.Set(k, v)
		}
	}
	return out
}

func headerMap(h http.Header) map[string]string {
	m := make(map[string]string, len(h))
	for k := range h {
		m[k] = h.Get(k)
	}
	return m
}

// storeGzip stores the gzip variant of the feed's copy beside it, once per
// new feed, so that no request compresses.
func (p *Proxy) storeGzip(key string) {
	c, ok := p.store.open(key)
	if !ok {
		return
	}
	defer c.Close()
	header := map[string]string{}
	for k, v := range c.meta.Header {
		header[k] = v
	}
	if etag := header["Etag"]; etag != "" {
		header["Etag"] = gzipETag(etag)
	}
	pend, err := p.store.create(gzipPrefix+key, header, maxItemBytes)
	if err != nil {
		p.logger.Warn("feed proxy: gzip copy", slog.String("error", err.Error()))
		return
	}
	zw, _ := gzip.NewWriterLevel(pend, gzip.BestCompression)
	_, err = io.Copy(zw, c.body)
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = pend.commit()
	} else {
		pend.abort()
	}
	if err != nil {
		p.logger.Warn("feed proxy: gzip copy", slog.String("error", err.Error()))
	}
}

// gzipETag is the ETag of the compressed variant of an entity: another
// entity, so another tag, the same on every replica.
func gzipETag(etag string) string {
	tag, weak := strings.CutPrefix(etag, "W/")
	prefix := ""
	if weak {
		prefix = "W/"
	}
	return prefix + strings.TrimSuffix(tag, `"`) + `-gzip"`
}

// ask gets t from the owner, once for all the visitors asking at the same
// time, whatever becomes of any of them; the result comes on the channel.
func (p *Proxy) ask(t target) <-chan singleflight.Result {
	return p.flights.DoChan(t.key, func() (any, error) {
		timeout := p.cfg.Timeout
		if t.media {
			timeout = p.cfg.MediaTimeout
		}
		f := &flight{p: p, t: t, etag: p.store.etag(t.key)}
		ctx, cancel := context.WithTimeout(context.WithValue(context.Background(), flightKey{}, f), timeout)
		defer cancel()
		in, _ := http.NewRequestWithContext(ctx, http.MethodGet, t.key, nil)
		p.rp.ServeHTTP(discard{}, in)
		if f.res.err == nil && f.res.status == 0 {
			f.res.err = errors.New("no answer")
		}
		if f.res.err != nil && ctx.Err() != nil {
			f.res.err = fmt.Errorf("%w (%w)", context.DeadlineExceeded, f.res.err)
		}
		p.note(f.res)
		return f.res, nil
	})
}

// note records the owner's health for Status and the metrics.
func (p *Proxy) note(res result) {
	outcome := outcomeOf(res)
	p.metrics.owner.WithLabelValues(outcome).Inc()
	p.mu.Lock()
	defer p.mu.Unlock()
	if ownerFailed(res) {
		p.lastFail = p.now()
		p.lastError = outcome
		if res.err != nil {
			p.logger.Warn("feed proxy: the owner failed", slog.String("owner", p.owner), slog.String("outcome", outcome), slog.String("error", res.err.Error()))
		}
		return
	}
	p.lastOK = p.now()
}

// ownerFailed: no answer, or one that says the owner cannot answer now
// (5xx, 429); its 4xx answers (404 included) are answers.
func ownerFailed(res result) bool {
	return res.err != nil || res.status >= 500 || res.status == http.StatusTooManyRequests
}

func outcomeOf(res result) string {
	switch {
	case errors.Is(res.err, context.DeadlineExceeded):
		return "timeout"
	case res.err != nil:
		var ne net.Error
		var oe *net.OpError
		if errors.As(res.err, &oe) || (errors.As(res.err, &ne) && !ne.Timeout()) {
			return "unreachable"
		}
		return "bad_answer"
	case res.status == http.StatusOK:
		return "ok"
	case res.status == http.StatusNotModified:
		return "not_modified"
	case res.status == http.StatusNotFound:
		return "not_found"
	case res.status >= 500 || res.status == http.StatusTooManyRequests:
		return "error_status"
	default:
		return "client_error"
	}
}

// holding reports whether the owner failed within failureHold.
func (p *Proxy) holding() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return !p.lastFail.IsZero() && p.lastFail.After(p.lastOK) && p.now().Sub(p.lastFail) < failureHold
}

// discard is the reverse proxy's response writer: the answer was taken
// in ModifyResponse.
type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}

// ServeHTTP answers a request for /linkedin-api or below.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		p.refuse(w, &apiError{http.StatusMethodNotAllowed, "method not allowed"})
		return
	}
	t, aerr := parseTarget(r)
	if aerr != nil {
		p.refuse(w, aerr)
		return
	}
	if p.holding() && p.serveCopy(w, r, t, nil, "copy") {
		return
	}
	var res result
	answer := p.ask(t)
	if p.store.has(t.key) {
		wait := time.NewTimer(p.cfg.CopyWait)
		select {
		case a := <-answer:
			wait.Stop()
			res = a.Val.(result)
		case <-wait.C:
			// The owner is slow: the copy now; its answer, when it
			// comes, updates the copy for the next visitor.
			if p.serveCopy(w, r, t, nil, "copy") {
				return
			}
			res = (<-answer).Val.(result)
		}
	} else {
		res = (<-answer).Val.(result)
	}
	switch {
	case res.status == http.StatusOK || res.status == http.StatusNotModified:
		if p.serveCopy(w, r, t, res.header, "owner") {
			return
		}
		// The copy could not be kept (or went in the instant since).
		p.metrics.served.WithLabelValues("failed").Inc()
		writeError(w, http.StatusServiceUnavailable, "feed temporarily unavailable, please retry")
	case res.status == http.StatusNotFound:
		// Gone from the feed: so are the copies.
		p.store.remove(t.key)
		p.store.remove(gzipPrefix + t.key)
		p.passOn(w, res)
	case !ownerFailed(res):
		p.passOn(w, res)
	case p.serveCopy(w, r, t, nil, "copy"):
	case res.status != 0:
		p.passOn(w, res)
	case errors.Is(res.err, context.DeadlineExceeded):
		p.metrics.served.WithLabelValues("failed").Inc()
		writeError(w, http.StatusGatewayTimeout, "the feed did not answer in time, please retry")
	default:
		p.metrics.served.WithLabelValues("failed").Inc()
		writeError(w, http.StatusBadGateway, "the feed is unavailable, please retry")
	}
}

// refuse answers a request refused here.
func (p *Proxy) refuse(w http.ResponseWriter, e *apiError) {
	p.metrics.served.WithLabelValues("refused").Inc()
	writeError(w, e.status, e.msg)
}

// passOn answers the owner's answer (other than 200 and 304) as it came.
func (p *Proxy) passOn(w http.ResponseWriter, res result) {
	label := "owner"
	if ownerFailed(res) {
		label = "failed"
	}
	p.metrics.served.WithLabelValues(label).Inc()
	h := w.Header()
	for k, v := range res.header {
		h[k] = v
	}
	h.Del("Etag")
	h.Del("Last-Modified")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", cacheError)
	}
	h.Set(SourceHeader, "owner")
	h.Set("Content-Length", strconv.Itoa(len(res.body)))
	w.WriteHeader(res.status)
	_, _ = w.Write(res.body)
}

// serveCopy answers from the copy of t, if there is one: fresh holds the
// headers of the owner's answer just now (nil when the owner is away).
func (p *Proxy) serveCopy(w http.ResponseWriter, r *http.Request, t target, fresh http.Header, source string) bool {
	key := t.key
	gz := false
	if t.feed {
		if _, accepts := accept.Encodings(r.Header.Get("Accept-Encoding")); accepts && p.store.has(gzipPrefix+key) {
			key, gz = gzipPrefix+key, true
		}
	}
	c, ok := p.store.open(key)
	if !ok && gz {
		key, gz = t.key, false
		c, ok = p.store.open(key)
	}
	if !ok {
		return false
	}
	defer c.Close()
	p.metrics.served.WithLabelValues(source).Inc()
	h := w.Header()
	for k, v := range c.meta.Header {
		h.Set(k, v)
	}
	if fresh != nil {
		// A 304 says how the owner serves the feed now (stale or not).
		for _, k := range []string{"Cache-Control", "X-Feed-Stale"} {
			if v := fresh.Get(k); v != "" {
				h.Set(k, v)
			} else if k == "X-Feed-Stale" {
				h.Del(k)
			}
		}
	} else if t.feed {
		h.Set("X-Feed-Stale", "1")
		h.Set("Cache-Control", cacheStaleFeed)
	}
	h.Set(SourceHeader, source)
	var modtime time.Time
	if lm, err := http.ParseTime(h.Get("Last-Modified")); err == nil {
		modtime = lm
		h.Del("Last-Modified") // ServeContent writes it from modtime
	}
	if t.feed {
		h.Set("Vary", "Accept-Encoding")
	}
	if gz {
		h.Set("Content-Encoding", "gzip")
		// The owner does not range over an encoded answer either.
		r.Header.Del("Range")
		if r.Header.Get("If-Match") == "" && r.Header.Get("If-None-Match") == "" {
			h.Set("Content-Length", strconv.FormatInt(c.meta.Size, 10))
		}
	}
	http.ServeContent(w, r, "", modtime, c.body)
	return true
}

// writeError answers {"status":N,"message":msg}, as the owner does; msg is
// a fixed text of this package.
func writeError(w http.ResponseWriter, status int, msg string) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", cacheError)
	body, _ := json.Marshal(struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	}{status, msg})
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// Status says what the replica serves the feed from, for /readyz: readiness
// never waits for the owner (a restart of the owner must not take the site
// out of its load balancer), but says whether its answers are fresh.
func (p *Proxy) Status() string {
	n, size := p.store.stats()
	p.mu.Lock()
	lastOK, lastFail, lastErr := p.lastOK, p.lastFail, p.lastError
	p.mu.Unlock()
	now := p.now()
	copies := fmt.Sprintf("%d copies held (%d bytes)", n, size)
	switch {
	case lastOK.IsZero() && lastFail.IsZero():
		return fmt.Sprintf("feed: from the owner at %s (not asked yet); %s", p.owner, copies)
	case lastFail.After(lastOK):
		since := "never answered"
		if !lastOK.IsZero() {
			since = "last answered " + ago(now, lastOK)
		}
		return fmt.Sprintf("feed: last good copies; the owner at %s failed %s (%s), %s; %s", p.owner, ago(now, lastFail), lastErr, since, copies)
	default:
		return fmt.Sprintf("feed: from the owner at %s, last answered %s; %s", p.owner, ago(now, lastOK), copies)
	}
}

func ago(now, t time.Time) string {
	return now.Sub(t).Round(time.Second).String() + " ago"
}
