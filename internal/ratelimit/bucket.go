// Package ratelimit bounds how often visitors can make the server call an
// outside service.
package ratelimit

import (
	"sync"
	"time"
)

// Bucket is a token bucket: Take succeeds while tokens remain; they refill
// at rate per second up to burst. Safe for concurrent use.
type Bucket struct {
	rate  float64
	burst float64
	now   func() time.Time

	mu     sync.Mutex
	tokens float64
	last   time.Time
}

// NewBucket returns a full bucket; now is its clock (time.Now outside tests).
func NewBucket(rate float64, burst int, now func() time.Time) *Bucket {
	return &Bucket{rate: rate, burst: float64(burst), now: now, tokens: float64(burst), last: now()}
}

// Take spends one token. When none is left it returns false and how long
// until one will be (a second at least: what a Retry-After can say).
func (b *Bucket) Take() (bool, time.Duration) {
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
