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
// most. 3 in a row per address then one every 5 minutes, and 6 in a row
// in all then one every 30 minutes, keep what visitors can make the site
// ask LinkedIn to at most 2 × (6 + 48) = 108 calls a day, apart from the
// feed's own budget, and under the app's daily limit with it.
var (
	DefaultPerClient = ratelimit.Rate{Burst: 3, Every: 5 * time.Minute}
	DefaultAll       = ratelimit.Rate{Burst: 6, Every: 30 * time.Minute}
)

// maxClients bounds the addresses remembered (ratelimit.PerClient).
const maxClients = 4096

func newGate(l Limits, now func() time.Time) *ratelimit.Gate {
	return ratelimit.NewGate(l.PerClient.Or(DefaultPerClient), l.All.Or(DefaultAll), maxClients, now)
}
