package insights

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
)

// Backoff bounds for retrying a failing upstream: the wait doubles from
// minBackoff after each failure, up to the refresh interval (never less
// than maxBackoff), so an outage costs LinkedIn at most about one call per
// refresh interval once the first retries are past.
const (
	minBackoff = time.Second
	maxBackoff = 5 * time.Minute
)

// errNoFeedYet is the answer while there has never been a feed and the
// first refresh has not concluded.
var errNoFeedYet = &linkedin.Error{Endpoint: "posts", Kind: linkedin.KindTimeout, Err: errors.New("insights: no feed yet")}

// feedCache holds the feed visitors are served: the last good one, from
// LinkedIn, the snapshot or the sample. Only the refresher (refresh.go)
// changes it; a visitor's request never calls upstream.
type feedCache struct {
	timeout  time.Duration
	interval time.Duration // refresh interval
	now      func() time.Time
	metrics  *metrics

	mu        sync.Mutex
	cur       *feed
	lastErr   error // the last refresh's failure; nil after a success
	attempted bool  // a refresh has concluded, well or not
	// concludedN counts the refreshes concluded, for a reconnect to tell
	// the old token's failure from the new one's.
	concludedN uint64
	// concluded is closed once there is a feed or a refresh has concluded:
	// visitors who come before then wait for it (bounded by timeout).
	concluded chan struct{}
	closed    bool
}

func newFeedCache(timeout, interval time.Duration, now func() time.Time, m *metrics) *feedCache {
	return &feedCache{timeout: timeout, interval: interval, now: now, metrics: m, concluded: make(chan struct{})}
}

// concludeLocked opens the gate visitors wait at. The caller holds c.mu.
func (c *feedCache) concludeLocked() {
	if !c.closed {
		c.closed = true
		close(c.concluded)
	}
}

// current returns the last good feed, nil when none.
func (c *feedCache) current() *feed {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur
}

// outcome is the last refresh's failure (nil after a success), whether
// any refresh has concluded, and how many have.
func (c *feedCache) outcome() (lastErr error, attempted bool, concluded uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastErr, c.attempted, c.concludedN
}

// ready reports whether the cache holds a feed or has concluded a refresh.
func (c *feedCache) ready() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur != nil || c.attempted
}

// set installs a good feed (from upstream, the snapshot or the sample).
func (c *feedCache) set(f *feed) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cur = f
	c.concludeLocked()
}

// succeeded records a refresh that installed f.
func (c *feedCache) succeeded(f *feed) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cur, c.lastErr, c.attempted = f, nil, true
	c.concludedN++
	c.concludeLocked()
}

// failed records a refresh that failed (or was not made: the budget).
func (c *feedCache) failed(err error) (hasFeed bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lastErr, c.attempted = err, true
	c.concludedN++
	c.concludeLocked()
	return c.cur != nil
}

// stale reports whether f is served as stale at now: the last refresh
// failed (or the budget stopped it), or f is older than two refresh
// intervals, or from the future (the wall clock went back).
func (c *feedCache) staleLocked(f *feed, now time.Time) bool {
	age := now.Sub(f.fetchedAt)
	return c.lastErr != nil || age < 0 || age > 2*c.interval
}

// old reports whether the feed held is older than it is served fresh at
// now, or there is none though a refresh was tried.
func (c *feedCache) old() bool {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur == nil {
		return c.attempted
	}
	age := now.Sub(c.cur.fetchedAt)
	return age < 0 || age > 2*c.interval
}

// get returns the feed to serve and whether it is stale, or with no feed the
// last failure; it never calls upstream and waits at most about the timeout.
func (c *feedCache) get(ctx context.Context) (f *feed, stale bool, err error) {
	c.mu.Lock()
	waiting := c.cur == nil && !c.closed
	gate := c.concluded
	c.mu.Unlock()
	if waiting {
		wait := time.NewTimer(c.timeout + 250*time.Millisecond)
		defer wait.Stop()
		select {
		case <-gate:
		case <-wait.C:
		case <-ctx.Done():
			return nil, false, &linkedin.Error{Endpoint: "posts", Kind: linkedin.KindCanceled, Err: ctx.Err()}
		}
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur == nil {
		if c.lastErr != nil {
			return nil, false, c.lastErr
		}
		return nil, false, errNoFeedYet
	}
	if c.staleLocked(c.cur, now) {
		c.metrics.cache.WithLabelValues("stale").Inc()
		return c.cur, true, nil
	}
	c.metrics.cache.WithLabelValues("hit").Inc()
	return c.cur, false, nil
}
