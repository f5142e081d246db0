package insights

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// Backoff bounds for retrying a failing upstream. While backing off, the
// cache answers from the last good feed (or the last error) without calling
// upstream, so an outage costs LinkedIn at most one call per backoff period.
const (
	minBackoff = time.Second
	maxBackoff = 5 * time.Minute
)

// feedCache keeps the last good feed of a source: fresh for ttl, then
// refreshed through one upstream call however many visitors ask (single
// flight), and served stale while upstream fails.
type feedCache struct {
	src     Source
	ttl     time.Duration
	timeout time.Duration
	now     func() time.Time
	logger  *slog.Logger
	metrics *metrics
	// persist saves a new good feed (the snapshot); nil for none.
	persist func(*feed)
	// base bounds every refresh; Service.Close cancels it.
	base  context.Context
	tasks *tracker

	sf singleflight.Group

	mu        sync.Mutex
	cur       *feed
	lastErr   error
	retryAt   time.Time
	backoff   time.Duration
	attempted bool // a refresh has concluded, well or not
}

// fresh reports whether f may be served without asking upstream at now.
// A fetch time in the future means the wall clock went back: the feed is
// then treated as expired, so a clock jump never pins a feed.
func (c *feedCache) fresh(f *feed, now time.Time) bool {
	age := now.Sub(f.fetchedAt)
	return age >= 0 && age < c.ttl
}

// backingOff reports whether upstream must not be asked at now. A retry
// time further ahead than maxBackoff means the clock went back: ignore it.
func (c *feedCache) backingOff(now time.Time) bool {
	wait := c.retryAt.Sub(now)
	return wait > 0 && wait <= maxBackoff
}

// current returns the last good feed, nil when none.
func (c *feedCache) current() *feed {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur
}

// ready reports whether the cache holds a feed or has concluded a refresh.
func (c *feedCache) ready() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur != nil || c.attempted
}

// set installs a feed, e.g. one loaded from a snapshot.
func (c *feedCache) set(f *feed) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cur = f
}

// get returns the feed to serve. stale is true when it is an old feed
// served because upstream failed or is backed off. err is set only when
// there is no feed at all. get returns within the cache's timeout plus a
// small margin even when upstream hangs.
func (c *feedCache) get(ctx context.Context) (f *feed, stale bool, err error) {
	now := c.now()
	c.mu.Lock()
	cur := c.cur
	if cur != nil && c.fresh(cur, now) {
		c.mu.Unlock()
		c.metrics.cache.WithLabelValues("hit").Inc()
		return cur, false, nil
	}
	if c.backingOff(now) {
		lastErr := c.lastErr
		c.mu.Unlock()
		return c.staleOr(cur, lastErr)
	}
	c.mu.Unlock()
	c.metrics.cache.WithLabelValues("miss").Inc()

	ch := c.sf.DoChan("feed", c.refresh)
	wait := time.NewTimer(c.timeout + 250*time.Millisecond)
	defer wait.Stop()
	select {
	case r := <-ch:
		if r.Err == nil {
			return r.Val.(*feed), false, nil
		}
		return c.staleOr(c.current(), r.Err)
	case <-wait.C:
		return c.staleOr(c.current(), &upstreamError{Endpoint: "posts", Kind: kindTimeout, Err: context.DeadlineExceeded})
	case <-ctx.Done():
		return c.staleOr(c.current(), &upstreamError{Endpoint: "posts", Kind: kindCanceled, Err: ctx.Err()})
	}
}

// staleOr serves f as stale when there is one, else err.
func (c *feedCache) staleOr(f *feed, err error) (*feed, bool, error) {
	if f != nil {
		c.metrics.cache.WithLabelValues("stale").Inc()
		return f, true, nil
	}
	if err == nil {
		err = errors.New("insights: no feed yet")
	}
	return nil, false, err
}

// refresh asks the source once. It runs inside the single flight, detached
// from the visitor who started it, so a visitor who leaves does not cancel
// the refresh for the others.
func (c *feedCache) refresh() (any, error) {
	if !c.tasks.add() {
		return nil, &upstreamError{Endpoint: "posts", Kind: kindCanceled, Err: context.Canceled}
	}
	defer c.tasks.done()
	// A visitor who found the cache stale may reach here just after
	// another flight refreshed it: answer that instead of asking again.
	now := c.now()
	c.mu.Lock()
	if c.cur != nil && c.fresh(c.cur, now) {
		f := c.cur
		c.mu.Unlock()
		return f, nil
	}
	if c.backingOff(now) {
		err := c.lastErr
		c.mu.Unlock()
		if err == nil {
			err = errors.New("insights: backing off")
		}
		return nil, err
	}
	c.mu.Unlock()

	ctx, cancel := context.WithTimeout(c.base, c.timeout)
	defer cancel()

	raw, err := c.src.Posts(ctx)
	var f *feed
	if err == nil {
		var previous map[string]json.RawMessage
		if cur := c.current(); cur != nil {
			previous = cur.reshared
		}
		f, err = newFeed(raw, resolveReshares(ctx, c.src, raw, previous), c.now())
	}
	now = c.now()
	c.mu.Lock()
	c.attempted = true
	if err != nil {
		c.lastErr = err
		c.backoff = min(max(2*c.backoff, minBackoff), maxBackoff)
		wait := c.backoff
		var ue *upstreamError
		if errors.As(err, &ue) && ue.RetryAfter > wait {
			wait = min(ue.RetryAfter, maxBackoff)
		}
		c.retryAt = now.Add(wait)
		hasFeed := c.cur != nil
		c.mu.Unlock()
		c.logger.Warn("insights: feed refresh failed",
			slog.String("error", err.Error()),
			slog.String("kind", string(kindOf(err))),
			slog.Bool("serving_stale", hasFeed),
			slog.Duration("retry_in", wait))
		return nil, err
	}
	c.cur = f
	c.lastErr = nil
	c.backoff = 0
	c.retryAt = time.Time{}
	c.mu.Unlock()
	if c.persist != nil {
		c.persist(f)
	}
	return f, nil
}
