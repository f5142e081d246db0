package linkedinauth

import (
	"time"

	"github.com/veldhaven/site/internal/ratelimit"
)

// Limits bound the callbacks that reach LinkedIn (one exchange and one
// check each): per client address and in all. Unset fields take the defaults.
type Limits struct {
	PerClient ratelimit.Rate
	All       ratelimit.Rate
}

// Defaults: a page admin needs one reconnect every 60 days, a few tries at
// most. 2 in a row per address then one every 30 minutes, and 6 in a row
// in all then one every 10 minutes: the shared pool refills three times as
// fast as one address can spend it, so one stranger never keeps a page
// admin out, and visitors can make the site ask LinkedIn at most
// 2 × (6 + 144) = 300 times a day, apart from the feed's own budget.
var (
	DefaultPerClient = ratelimit.Rate{Burst: 2, Every: 30 * time.Minute}
	DefaultAll       = ratelimit.Rate{Burst: 6, Every: 10 * time.Minute}
)

// maxClients bounds the addresses remembered (ratelimit.PerClient).
const maxClients = 4096

func newGate(l Limits, now func() time.Time) *ratelimit.Gate {
	return ratelimit.NewGate(l.PerClient.Or(DefaultPerClient), l.All.Or(DefaultAll), maxClients, now)
}
