package linkedinauth

import (
	"sync"
	"time"

	"github.com/veldhaven/site/internal/ratelimit"
)

// Limits bound the callbacks that reach LinkedIn (one exchange and one
// check each): per client address and in all. Zero fields take the defaults.
type Limits struct {
	// PerClientBurst in a row from one address, then one per PerClientEvery.
	PerClientBurst int
	PerClientEvery time.Duration
	// Burst in a row from everyone, then one per Every.
	Burst int
	Every time.Duration
}

// Defaults: a page admin needs one reconnect every 60 days, a few tries at
// most. 3 in a row per address then one every 5 minutes, and 6 in a row
// in all then one every 30 minutes, keep what visitors can make the site
// ask LinkedIn to at most 2 × (6 + 48) = 108 calls a day, apart from the
// feed's own budget, and under the app's daily limit with it.
const (
	DefaultPerClientBurst = 3
	DefaultPerClientEvery = 5 * time.Minute
	DefaultBurst          = 6
	DefaultEvery          = 30 * time.Minute
)

func (l Limits) withDefaults() Limits {
	if l.PerClientBurst <= 0 {
		l.PerClientBurst = DefaultPerClientBurst
	}
	if l.PerClientEvery <= 0 {
		l.PerClientEvery = DefaultPerClientEvery
	}
	if l.Burst <= 0 {
		l.Burst = DefaultBurst
	}
	if l.Every <= 0 {
		l.Every = DefaultEvery
	}
	return l
}

// maxClients bounds the addresses remembered; past it, addresses idle for
// an hour are forgotten, and if none is, a new one is refused.
const maxClients = 4096

// gate admits a callback to LinkedIn when its client's bucket and the
// common one both have a token.
type gate struct {
	limits Limits
	now    func() time.Time
	all    *ratelimit.Bucket

	mu      sync.Mutex
	clients map[string]*client
}

type client struct {
	bucket *ratelimit.Bucket
	seen   time.Time
}

func newGate(l Limits, now func() time.Time) *gate {
	l = l.withDefaults()
	return &gate{limits: l, now: now, all: ratelimit.NewBucket(1/l.Every.Seconds(), l.Burst, now), clients: map[string]*client{}}
}

// admit spends a token of addr's bucket, then one of the common bucket;
// when either has none, ok is false and wait says when to try again.
func (g *gate) admit(addr string) (ok bool, wait time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	c := g.clients[addr]
	if c == nil {
		if len(g.clients) >= maxClients {
			for k, v := range g.clients {
				if now.Sub(v.seen) > time.Hour {
					delete(g.clients, k)
				}
			}
			if len(g.clients) >= maxClients {
				return false, time.Minute
			}
		}
		c = &client{bucket: ratelimit.NewBucket(1/g.limits.PerClientEvery.Seconds(), g.limits.PerClientBurst, g.now)}
		g.clients[addr] = c
	}
	c.seen = now
	if ok, wait := c.bucket.Take(); !ok {
		return false, wait
	}
	return g.all.Take()
}
