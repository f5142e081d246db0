package insights

import (
	"errors"
	"sync"
	"time"
)

// Defaults of the media fetch budget. A feed page shows a few images, and
// every item is fetched once and then kept (the media cache; a failure is
// remembered for mediaFailureTTL), so a legitimate load asks for a handful
// of downloads at once and few after: 30 at once and one more every 2 s is
// far above that and far below what LinkedIn's throttling would notice.
const (
	DefaultMediaFetchRate  = 0.5 // downloads per second, refilled
	DefaultMediaFetchBurst = 30
)

// errMediaBudget is the error of a media fetch refused because visitors
// have made the site fetch too much from LinkedIn lately. It is not
// remembered as a failure of the item: the next fetch after a refill works.
var errMediaBudget = errors.New("media fetch budget spent")

// tokenBucket is a token bucket: take succeeds while tokens remain; they
// refill at rate per second up to burst. Safe for concurrent use.
type tokenBucket struct {
	rate  float64
	burst float64
	now   func() time.Time

	mu     sync.Mutex
	tokens float64
	last   time.Time
}

// newTokenBucket returns a full bucket.
func newTokenBucket(rate float64, burst int, now func() time.Time) *tokenBucket {
	return &tokenBucket{rate: rate, burst: float64(burst), now: now, tokens: float64(burst), last: now()}
}

// take spends one token. When none is left it returns false and how long
// until one will be.
func (b *tokenBucket) take() (bool, time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	if elapsed := now.Sub(b.last).Seconds(); elapsed > 0 {
		b.tokens = min(b.burst, b.tokens+elapsed*b.rate)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / b.rate * float64(time.Second))
	return false, max(wait, time.Second)
}

// takeMediaBudget spends one upstream media download, or returns the
// rate-limited error visitors see as 503 with Retry-After.
func (s *Service) takeMediaBudget() error {
	if ok, wait := s.mediaBudget.take(); !ok {
		return &upstreamError{Endpoint: "media", Kind: kindRateLimited, Err: errMediaBudget, RetryAfter: wait.Round(time.Second)}
	}
	return nil
}
