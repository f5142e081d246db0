// Package callbudget counts LinkedIn API calls per UTC day against a budget
// kept on disk, so media look-ups never take the feed's planned refreshes.
package callbudget

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/veldhaven/site/internal/atomicfile"
	"github.com/veldhaven/site/internal/linkedin"
)

// File is the name of the budget state in its dir.
const File = "insights-budget.json"

// stateVersion is the format version of File.
const stateVersion = 1

// Kinds are the API calls counted, by the endpoint names of linkedin.Error.
var Kinds = []string{"posts", "post", "images", "videos", "token"}

// mediaCall reports whether an endpoint is a media look-up: those give way
// to the feed's refreshes when the budget runs low (feedReserveLocked).
func mediaCall(endpoint string) bool {
	return endpoint == "images" || endpoint == "videos"
}

// RefreshInterval is the TTL, or longer when refreshing that often would
// spend more than four fifths of the daily budget (36 min by default).
func RefreshInterval(ttl time.Duration, dailyCalls int) time.Duration {
	refreshes := dailyCalls - (dailyCalls+4)/5
	if refreshes < 1 {
		refreshes = 1
	}
	least := (24*time.Hour + time.Duration(refreshes) - 1) / time.Duration(refreshes)
	if r := least % time.Second; r != 0 {
		least += time.Second - r
	}
	return max(ttl, least)
}

// Day is the UTC day of t as YYYY-MM-DD, the budget's period.
func Day(t time.Time) string {
	return t.UTC().Format(time.DateOnly)
}

// UntilMidnight is the time from t to the next midnight UTC.
func UntilMidnight(t time.Time) time.Duration {
	t = t.UTC()
	next := time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, time.UTC)
	return next.Sub(t)
}

// state is the on-disk form of the budget: the day counted and the
// calls of that day by kind.
type state struct {
	Version int            `json:"version"`
	Day     string         `json:"day"`
	Calls   map[string]int `json:"calls"`
}

// Budget counts LinkedIn API calls per UTC day and refuses those past its
// Limit. It is safe for concurrent use.
type Budget struct {
	Limit    int
	Interval time.Duration // planned refresh interval
	// Counted, when set, hears every call counted.
	Counted func(kind string)
	now     func() time.Time
	logger  *slog.Logger
	dir     string // where File is kept; "" for memory only

	mu        sync.Mutex
	state     state
	used      int
	warnedDay string // the day the spent budget was logged
}

// New returns a budget of limit calls a day, restoring today's count from
// dir ("": memory only) when it holds one.
func New(limit int, interval time.Duration, dir string, now func() time.Time, logger *slog.Logger) *Budget {
	b := &Budget{Limit: limit, Interval: interval, now: now, logger: logger, dir: dir}
	b.state = state{Version: stateVersion, Day: Day(now()), Calls: map[string]int{}}
	if dir == "" {
		return b
	}
	st, err := readBudgetState(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		logger.Warn("insights: ignoring the budget file; counting today's LinkedIn calls from zero", slog.String("error", err.Error()))
	default:
		if st.Day == b.state.Day {
			for _, k := range Kinds {
				b.state.Calls[k] = max(0, st.Calls[k])
				b.used += b.state.Calls[k]
			}
		}
	}
	return b
}

// readBudgetState loads dir/File.
func readBudgetState(dir string) (state, error) {
	f, err := os.Open(filepath.Join(dir, File))
	if err != nil {
		return state{}, fmt.Errorf("callbudget: read: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 64<<10))
	if err != nil {
		return state{}, fmt.Errorf("callbudget: read: %w", err)
	}
	var st state
	if err := json.Unmarshal(data, &st); err != nil {
		return state{}, fmt.Errorf("callbudget: read: %w", err)
	}
	if st.Version != stateVersion {
		return state{}, fmt.Errorf("callbudget: read: unknown version %d", st.Version)
	}
	if _, err := time.Parse(time.DateOnly, st.Day); err != nil {
		return state{}, fmt.Errorf("callbudget: read: day %q", st.Day)
	}
	return st, nil
}

// rollLocked starts a new count when the UTC day has changed. The caller
// holds b.mu.
func (b *Budget) rollLocked(now time.Time) {
	if day := Day(now); day != b.state.Day {
		b.state.Day = day
		b.state.Calls = map[string]int{}
		b.used = 0
	}
}

// feedReserveLocked is how many calls media look-ups must leave for the
// refreshes planned until midnight, so visitors asking for media never stop one.
func (b *Budget) feedReserveLocked(now time.Time) int {
	return int((UntilMidnight(now) + b.Interval - 1) / b.Interval)
}

// Take counts one call of kind, saved before it is made, or refuses it when
// the day's budget (for media look-ups, all but the feed's reserve) is spent.
func (b *Budget) Take(kind string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	b.rollLocked(now)
	limit := b.Limit
	if mediaCall(kind) {
		limit -= b.feedReserveLocked(now)
	}
	if b.used >= limit {
		if b.used >= b.Limit {
			b.warnSpentLocked(now)
		}
		return &linkedin.Error{Endpoint: kind, Kind: linkedin.KindBudgetSpent, RetryAfter: UntilMidnight(now).Round(time.Second),
			Err: fmt.Errorf("%d of %d LinkedIn calls made today", b.used, b.Limit)}
	}
	b.state.Calls[kind]++
	b.used++
	if b.Counted != nil {
		b.Counted(kind)
	}
	b.saveLocked()
	if b.used >= b.Limit {
		b.warnSpentLocked(now)
	}
	return nil
}

// warnSpentLocked logs once a day that the budget is spent.
func (b *Budget) warnSpentLocked(now time.Time) {
	if b.warnedDay == b.state.Day {
		return
	}
	b.warnedDay = b.state.Day
	b.logger.Warn("insights: daily LinkedIn call budget spent; no LinkedIn call until midnight UTC, the last good feed is served",
		slog.Int("budget", b.Limit), slog.Any("calls", b.state.Calls),
		slog.Time("resets_at", now.UTC().Add(UntilMidnight(now))), slog.String("setting", "LINKEDIN_DAILY_CALLS"))
}

// Spent reports whether no feed call can be made now, and how long until
// the budget resets.
func (b *Budget) Spent() (bool, time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	b.rollLocked(now)
	if b.used < b.Limit {
		return false, 0
	}
	b.warnSpentLocked(now)
	return true, UntilMidnight(now)
}

// Snapshot returns today's calls by kind and their sum.
func (b *Budget) Snapshot() (map[string]int, int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.rollLocked(b.now())
	calls := make(map[string]int, len(Kinds))
	for _, k := range Kinds {
		calls[k] = b.state.Calls[k]
	}
	return calls, b.used
}

// saveLocked writes the state to dir. The caller holds b.mu.
func (b *Budget) saveLocked() {
	if b.dir == "" {
		return
	}
	data, _ := json.Marshal(b.state)
	if err := atomicfile.Write(b.dir, File, data, 0o644); err != nil {
		b.logger.Warn("insights: "+File+" not written", slog.String("error", err.Error()))
	}
}
