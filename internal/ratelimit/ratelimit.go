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

// MaxClients is how many clients a Gate of the site's remembers.
const MaxClients = 4096

// Rate is the shape of a budget: Burst in a row, then one more every Every.
type Rate struct {
	Burst int
	Every time.Duration
}

// Or is r with its unset (zero or negative) fields taken from def.
func (r Rate) Or(def Rate) Rate {
	if r.Burst <= 0 {
		r.Burst = def.Burst
	}
	if r.Every <= 0 {
		r.Every = def.Every
	}
	return r
}

// Gate admits a request when its client's budget, spent first, and the shared
// one have a token: one client's flood empties its own budget only.
type Gate struct {
	all     *Bucket
	clients *PerClient
}

// NewGate gives each client perClient and everyone together all, remembering
// at most maxClients clients (PerClient).
func NewGate(perClient, all Rate, maxClients int, now func() time.Time) *Gate {
	return &Gate{
		all:     NewBucket(1/all.Every.Seconds(), all.Burst, now),
		clients: NewPerClient(1/perClient.Every.Seconds(), perClient.Burst, maxClients, now),
	}
}

// Take spends a token of client's budget, then one of the shared budget;
// when either has none, ok is false and wait says when to try again.
func (g *Gate) Take(client string) (ok bool, wait time.Duration) {
	if ok, wait := g.clients.Take(client); !ok {
		return false, wait
	}
	return g.all.Take()
}

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
