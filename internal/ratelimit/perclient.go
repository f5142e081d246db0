package ratelimit

import (
	"sync"
	"time"
)

// PerClient is a Bucket for each client (an address, internal/clientaddr),
// so that one client's flood spends its own budget and not the one others
// share. It remembers at most max clients; past that it forgets those idle
// long enough for their bucket to be full again (forgetting them changes
// nothing), and refuses a new client while none is.
type PerClient struct {
	rate  float64
	burst int
	max   int
	now   func() time.Time

	mu      sync.Mutex
	clients map[string]*clientBucket
}

type clientBucket struct {
	bucket *Bucket
	used   time.Time
}

// NewPerClient gives each client burst tokens, refilled at rate a second.
func NewPerClient(rate float64, burst, max int, now func() time.Time) *PerClient {
	return &PerClient{rate: rate, burst: burst, max: max, now: now, clients: map[string]*clientBucket{}}
}

// Take spends one of client's tokens; without one, ok is false and wait
// says when the next is due.
func (p *PerClient) Take(client string) (ok bool, wait time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	c, found := p.clients[client]
	if !found {
		if len(p.clients) >= p.max {
			refill := time.Duration(float64(p.burst) / p.rate * float64(time.Second))
			for k, c := range p.clients {
				if now.Sub(c.used) >= refill {
					delete(p.clients, k)
				}
			}
			if len(p.clients) >= p.max {
				return false, time.Duration(float64(time.Second) / p.rate)
			}
		}
		c = &clientBucket{bucket: NewBucket(p.rate, p.burst, p.now)}
		p.clients[client] = c
	}
	c.used = now
	return c.bucket.Take()
}
