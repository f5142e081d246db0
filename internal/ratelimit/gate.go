package ratelimit

import "time"

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
