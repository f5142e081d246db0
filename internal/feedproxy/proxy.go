// Package feedproxy serves /linkedin-api* on a web replica from the feed
// owner, the one process that calls LinkedIn (docs/deploy.md, "Replicas").
//
// Each request is checked as the owner would check it (target.go) and asked
// of the owner rebuilt from the checked parts only, with a client of its own
// (owner.go): timeouts, no proxy from the environment, no redirect followed.
// The owner's good answer (200, or 304 for the copy already held) is kept on
// disk as the last good copy of that URL (internal/diskcache), and the visitor is
// served from it (answer.go: ranges and conditional requests included, as
// the owner would).
//
// Which answer a visitor gets is decided per URL, never by another URL's
// answer: a copy is served while the owner cannot be reached for that URL,
// times out or fails on it (5xx, 429), for failureHold after such a failure
// without asking again, and past CopyWait when the owner is slow. A removal
// (404, 410) drops the copy whenever it comes, also after the visitor got
// the copy. A copy the owner has not confirmed for maxCopyAge is dropped,
// and one served without the owner's answer is briefly cacheable only
// (cacheStale). Copies are bounded in bytes and in count, least recently
// used first out.
package feedproxy

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"

	"github.com/veldhaven/site/internal/apierror"
	"github.com/veldhaven/site/internal/diskcache"
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
	// or removes it): a hung owner costs a visitor this, not the timeout.
	DefaultCopyWait = 2 * time.Second
)

const (
	// failureHold is how long after the owner failed on a URL requests for
	// it get its copy at once instead of waiting on the owner again.
	failureHold = 2 * time.Second
	// maxCopyAge is how long a copy is kept after the owner last confirmed
	// it (200 or 304): the day of stale-if-error the feed's own answers
	// allow caches. An outage longer than that serves no copy.
	maxCopyAge = 24 * time.Hour
	// cacheStale is the Cache-Control of every copy served without the
	// owner's answer: the owner's own stale feed's, briefly cached, so that
	// a recovery (or a removal) shows quickly.
	cacheStale = "public, max-age=10, stale-while-revalidate=60, stale-if-error=86400"
)

// SourceHeader says where an answer came from: "owner" (the owner answered
// now), or "copy" (the last good copy, the owner being away).
const SourceHeader = "X-Feed-Source"

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
	client  *http.Client
	store   *diskcache.Cache
	flights singleflight.Group
	metrics *metrics
	logger  *slog.Logger
	now     func() time.Time

	mu      sync.Mutex
	lastOK  time.Time            // the owner's last good answer (a metric)
	failing bool                 // its last answer of the feed was a failure (logged on change)
	failed  map[string]time.Time // when the owner last failed on a URL with a copy, for failureHold
}

// New builds the proxy and indexes the copies already in cfg.Dir.
func New(cfg Config) (*Proxy, error) {
	if cfg.Owner == nil {
		return nil, errors.New("feed proxy: no owner URL")
	}
	if cfg.Dir == "" {
		return nil, errors.New("feed proxy: no folder for the copies")
	}
	cfg.MaxBytes = orDefault(cfg.MaxBytes, DefaultMaxBytes)
	cfg.MaxEntries = orDefault(cfg.MaxEntries, DefaultMaxEntries)
	cfg.Timeout = orDefault(cfg.Timeout, DefaultTimeout)
	cfg.MediaTimeout = orDefault(cfg.MediaTimeout, DefaultMediaTimeout)
	cfg.CopyWait = orDefault(cfg.CopyWait, DefaultCopyWait)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Transport == nil {
		cfg.Transport = newTransport()
	}
	st, err := diskcache.Open(diskcache.Config{
		Dir: cfg.Dir, MaxBytes: cfg.MaxBytes, MaxEntries: cfg.MaxEntries, MaxAge: maxCopyAge,
		Valid:  func(m diskcache.Meta) bool { return validKey(m.Key) },
		Logger: cfg.Logger, Now: cfg.Now,
	})
	if err != nil {
		return nil, fmt.Errorf("feed copies: %w", err)
	}
	p := &Proxy{cfg: cfg, client: newClient(cfg.Transport), store: st, logger: cfg.Logger, now: cfg.Now, failed: map[string]time.Time{}}
	if p.metrics, err = newMetrics(cfg.Registerer, p); err != nil {
		return nil, err
	}
	return p, nil
}

func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// ServeHTTP answers a request for /linkedin-api or below.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", mediaPolicy)
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
	if p.failedWithin(t.key) && p.serveCopy(w, r, t, nil) {
		return
	}
	answer := p.flights.DoChan(t.key, func() (any, error) { return p.ask(t), nil })
	var res result
	if p.store.Has(t.key) {
		wait := time.NewTimer(p.cfg.CopyWait)
		select {
		case a := <-answer:
			wait.Stop()
			res = a.Val.(result)
		case <-wait.C:
			// The owner is slow: the copy now; its answer, when it comes,
			// updates or removes the copy for the next visitor.
			if p.serveCopy(w, r, t, nil) {
				return
			}
			res = (<-answer).Val.(result)
		}
	} else {
		res = (<-answer).Val.(result)
	}
	switch {
	case res.status == http.StatusOK || res.status == http.StatusNotModified:
		if p.serveCopy(w, r, t, res.header) {
			return
		}
		// The copy could not be kept (or went in the instant since).
		p.fail(w, http.StatusServiceUnavailable, "feed temporarily unavailable, please retry")
	case !ownerFailed(res):
		p.passOn(w, res) // a removal (the copies went with it) or a refusal
	case p.serveCopy(w, r, t, nil):
	case res.status != 0:
		p.passOn(w, res)
	case errors.Is(res.err, errTimeout):
		p.fail(w, http.StatusGatewayTimeout, "the feed did not answer in time, please retry")
	default:
		p.fail(w, http.StatusBadGateway, "the feed is unavailable, please retry")
	}
}

// apiError is an answer refused here, without asking the owner; the same
// status and message as the owner's.
type apiError struct {
	status int
	msg    string
}

// refuse answers a request refused here.
func (p *Proxy) refuse(w http.ResponseWriter, e *apiError) {
	p.metrics.served.WithLabelValues("refused").Inc()
	apierror.Write(w, e.status, e.msg)
}

// fail answers that neither the owner nor a copy could answer.
func (p *Proxy) fail(w http.ResponseWriter, status int, msg string) {
	p.metrics.served.WithLabelValues("failed").Inc()
	apierror.Write(w, status, msg)
}

// remember keeps that the owner failed on key just now, for failureHold
// and only while key has a copy (so bounded as the copies are), or
// forgets it on an answer.
func (p *Proxy) remember(key string, failed bool) {
	now := p.now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if !failed {
		delete(p.failed, key)
		return
	}
	for k, at := range p.failed {
		if now.Sub(at) >= failureHold {
			delete(p.failed, k)
		}
	}
	if p.store.Has(key) {
		p.failed[key] = now
	}
}

// failedWithin reports whether the owner failed on key within failureHold.
func (p *Proxy) failedWithin(key string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	at, ok := p.failed[key]
	return ok && p.now().Sub(at) < failureHold
}
