package insights

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/veldhaven/site/internal/callbudget"
	"github.com/veldhaven/site/internal/linkedin"
)

// The feed is refreshed in the background once per RefreshInterval plus up to
// a tenth at random (owners restarted together do not call in step), with a
// doubling backoff after failures; never inside a visitor's request.

// afterFunc waits: the channel fires once d has passed; stop releases the
// timer. Production uses a time.Timer; tests drive the refresher by hand.
type afterFunc func(d time.Duration) (ch <-chan time.Time, stop func() bool)

// realAfter is afterFunc on a time.Timer.
func realAfter(d time.Duration) (<-chan time.Time, func() bool) {
	t := time.NewTimer(d)
	return t.C, t.Stop
}

// withJitter is d plus up to a tenth of it, at random.
func withJitter(d time.Duration) time.Duration {
	if d < 10 {
		return d
	}
	return d + rand.N(d/10)
}

// startRefresher runs the refresh loop until Close: the first refresh after
// firstWait (0: at once), then one per interval.
func (s *Service) startRefresher(firstWait time.Duration) {
	if !s.tasks.add() {
		return
	}
	go func() {
		defer s.tasks.done()
		wait := firstWait
		for {
			if wait > 0 {
				ch, stop := s.after(wait)
				select {
				case <-s.base.Done():
					stop()
					return
				case <-ch:
				case <-s.kick: // a new token: refresh now
					stop()
				}
			}
			if s.base.Err() != nil {
				return
			}
			wait = s.refreshOnce()
		}
	}()
}

// refreshOnce asks the source for the feed once, installs and saves a good
// answer, and returns how long to wait before the next refresh.
func (s *Service) refreshOnce() time.Duration {
	if spent, untilReset := s.budget.Spent(); spent {
		s.cache.failed(&linkedin.Error{Endpoint: "posts", Kind: linkedin.KindBudgetSpent, RetryAfter: untilReset.Round(time.Second)})
		s.backoff = 0
		return untilReset + withJitter(time.Minute)
	}
	ctx, cancel := context.WithTimeout(s.base, s.cfg.Timeout)
	defer cancel()
	raw, err := s.src.Posts(ctx)
	var f *feed
	if err == nil {
		var previous map[string]json.RawMessage
		var refused map[string]bool
		if cur := s.cache.current(); cur != nil {
			previous, refused = cur.reshared, cur.refused
		}
		reshared, nowRefused := resolveReshares(ctx, s.src, raw, previous, refused)
		f, err = newFeed(raw, reshared, nowRefused, s.now())
	}
	if s.base.Err() != nil {
		return 0 // closing
	}
	if err != nil {
		return s.refreshFailed(err)
	}
	s.backoff = 0
	s.cache.succeeded(f)
	if s.persist {
		s.saveSnapshot(f)
	}
	s.dropUnlistedMedia(f)
	return withJitter(s.interval)
}

// refreshFailed records a failed refresh and returns the wait before the
// next one.
func (s *Service) refreshFailed(err error) time.Duration {
	if linkedin.KindOf(err) == linkedin.KindBudgetSpent {
		s.cache.failed(err)
		s.backoff = 0
		return callbudget.UntilMidnight(s.now()) + withJitter(time.Minute)
	}
	s.backoff = min(max(2*s.backoff, minBackoff), max(s.interval, minBackoff))
	wait := s.backoff
	if ue := asUpstream(err); ue != nil && ue.RetryAfter > wait {
		wait = min(ue.RetryAfter, 24*time.Hour)
	}
	hasFeed := s.cache.failed(err)
	s.logger.Warn("insights: feed refresh failed",
		slog.String("error", err.Error()),
		slog.String("kind", string(linkedin.KindOf(err))),
		slog.Bool("serving_stale", hasFeed),
		slog.Duration("retry_in", wait))
	return wait
}

// dropUnlistedMedia removes the items f does not list: a post deleted
// upstream takes its media with it.
func (s *Service) dropUnlistedMedia(f *feed) {
	keep := mediaKeysOf(f)
	if n := s.media.Retain(func(key string) bool { return keep[key] }); n > 0 {
		s.logger.Info("insights: media no longer in the feed removed", slog.Int("items", n))
	}
	s.failMu.Lock()
	for key := range s.failures {
		if !keep[key] {
			delete(s.failures, key)
		}
	}
	s.failMu.Unlock()
}

// mediaKeysOf is the media keys of the items f lists: each image and video,
// and each video's thumbnail.
func mediaKeysOf(f *feed) map[string]bool {
	keys := make(map[string]bool, 2*len(f.media))
	for urn := range f.media {
		keys[mediaKey(urn)] = true
		if kind, _ := linkedin.ValidateMediaURN(urn); kind == linkedin.MediaVideo {
			keys[thumbKey(urn)] = true
		}
	}
	return keys
}

// asUpstream is err's linkedin.Error, nil when it has none.
func asUpstream(err error) *linkedin.Error {
	var ue *linkedin.Error
	if errors.As(err, &ue) {
		return ue
	}
	return nil
}
