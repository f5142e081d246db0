package ratelimit

import (
	"sync"
	"time"
)

// PerClient is a Bucket per client, at most max; a new client past that
// replaces the one admitted longest ago (a refused try is no use).
type PerClient struct {
	rate  float64
	burst int
	max   int
	now   func() time.Time

	mu      sync.Mutex
	clients map[string]*clientBucket
	admits  uint64 // admitted tries so far, to order clients by last use
}

type clientBucket struct {
	bucket *Bucket
	used   uint64 // p.admits when it was last admitted
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
	c, found := p.clients[client]
	if !found {
		if len(p.clients) >= p.max {
			p.evictOldest()
		}
		c = &clientBucket{bucket: NewBucket(p.rate, p.burst, p.now)}
		p.clients[client] = c
	}
	if ok, wait = c.bucket.Take(); ok {
		p.admits++
		c.used = p.admits
	}
	return ok, wait
}

// evictOldest forgets the client admitted longest ago; p.mu must be held.
func (p *PerClient) evictOldest() {
	var oldest string
	var at uint64
	for k, c := range p.clients {
		if oldest == "" || c.used < at {
			oldest, at = k, c.used
		}
	}
	delete(p.clients, oldest)
}
