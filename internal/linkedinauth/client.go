package linkedinauth

import (
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

// maxClients bounds the addresses remembered (ratelimit.PerClient).
const maxClients = 4096

// gate admits a callback to LinkedIn when its client's bucket and the
// common one both have a token.
type gate struct {
	all     *ratelimit.Bucket
	clients *ratelimit.PerClient
}

func newGate(l Limits, now func() time.Time) *gate {
	l = l.withDefaults()
	return &gate{
		all:     ratelimit.NewBucket(1/l.Every.Seconds(), l.Burst, now),
		clients: ratelimit.NewPerClient(1/l.PerClientEvery.Seconds(), l.PerClientBurst, maxClients, now),
	}
}

// admit spends a token of addr's bucket, then one of the common bucket;
// when either has none, ok is false and wait says when to try again.
func (g *gate) admit(addr string) (ok bool, wait time.Duration) {
	if ok, wait := g.clients.Take(addr); !ok {
		return false, wait
	}
	return g.all.Take()
}
