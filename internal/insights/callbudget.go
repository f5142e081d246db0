package insights

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

	"github.com/prometheus/client_golang/prometheus"
	"github.com/veldhaven/site/internal/linkedin"
)

// LinkedIn answers 429 past its daily limits per app and member (Microsoft
// Learn, "Rate limits"), so every API call is counted per UTC day against a
// budget well below them, kept on disk (docs/deploy.md, "LinkedIn's limits").

// budgetFile is the name of the budget state inside Config.DataDir.
const budgetFile = "insights-budget.json"

// budgetStateVersion is the format version of budgetFile.
const budgetStateVersion = 1

// kindBudgetSpent is the failure of a call the daily budget refused.
const kindBudgetSpent linkedin.Kind = "budget_spent"

// callKinds are the API calls counted, by the endpoint names of
// linkedin.Error and the metrics.
var callKinds = []string{"posts", "post", "images", "videos", "token"}

// mediaCall reports whether an endpoint is a media look-up: those give way
// to the feed's refreshes when the budget runs low (feedReserveLocked).
func mediaCall(endpoint string) bool {
	return endpoint == "images" || endpoint == "videos"
}

// RefreshInterval is the TTL, or longer when refreshing that often would
// spend more than four fifths of the daily budget (the rest is for media,
// reposted posts, tokens and retries): 36 min with the defaults.
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

// utcDay is the UTC day of t as YYYY-MM-DD, the budget's period.
func utcDay(t time.Time) string {
	return t.UTC().Format(time.DateOnly)
}

// untilMidnight is the time from t to the next midnight UTC.
func untilMidnight(t time.Time) time.Duration {
	t = t.UTC()
	next := time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, time.UTC)
	return next.Sub(t)
}

// budgetState is the on-disk form of the budget: the day counted and the
// calls of that day by kind.
type budgetState struct {
	Version int            `json:"version"`
	Day     string         `json:"day"`
	Calls   map[string]int `json:"calls"`
}

// dailyBudget counts LinkedIn API calls per UTC day and refuses those past
// its limit. It is safe for concurrent use.
type dailyBudget struct {
	limit    int
	interval time.Duration // planned refresh interval
	now      func() time.Time
	logger   *slog.Logger
	dir      string // where budgetFile is kept; "" for memory only
	total    *prometheus.CounterVec

	mu        sync.Mutex
	state     budgetState
	used      int
	warnedDay string // the day the spent budget was logged
}

// newDailyBudget returns a budget of limit calls a day, restoring today's
// count from dir when it holds one.
func newDailyBudget(limit int, interval time.Duration, dir string, now func() time.Time, logger *slog.Logger) *dailyBudget {
	b := &dailyBudget{limit: limit, interval: interval, now: now, logger: logger, dir: dir,
		total: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "veldhaven_insights_linkedin_calls_total",
			Help: "LinkedIn API calls made (counted against the daily budget), by kind: posts, post (a reposted post), images, videos, token.",
		}, []string{"kind"}),
	}
	for _, k := range callKinds {
		b.total.WithLabelValues(k)
	}
	b.state = budgetState{Version: budgetStateVersion, Day: utcDay(now()), Calls: map[string]int{}}
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
			for _, k := range callKinds {
				b.state.Calls[k] = max(0, st.Calls[k])
				b.used += b.state.Calls[k]
			}
		}
	}
	return b
}

// readBudgetState loads dir/budgetFile.
func readBudgetState(dir string) (budgetState, error) {
	f, err := os.Open(filepath.Join(dir, budgetFile))
	if err != nil {
		return budgetState{}, fmt.Errorf("insights: read budget: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 64<<10))
	if err != nil {
		return budgetState{}, fmt.Errorf("insights: read budget: %w", err)
	}
	var st budgetState
	if err := json.Unmarshal(data, &st); err != nil {
		return budgetState{}, fmt.Errorf("insights: read budget: %w", err)
	}
	if st.Version != budgetStateVersion {
		return budgetState{}, fmt.Errorf("insights: read budget: unknown version %d", st.Version)
	}
	if _, err := time.Parse(time.DateOnly, st.Day); err != nil {
		return budgetState{}, fmt.Errorf("insights: read budget: day %q", st.Day)
	}
	return st, nil
}

// rollLocked starts a new count when the UTC day has changed. The caller
// holds b.mu.
func (b *dailyBudget) rollLocked(now time.Time) {
	if day := utcDay(now); day != b.state.Day {
		b.state.Day = day
		b.state.Calls = map[string]int{}
		b.used = 0
	}
}

// feedReserveLocked is how many calls media look-ups must leave for the
// refreshes planned until midnight, so visitors asking for media never stop one.
func (b *dailyBudget) feedReserveLocked(now time.Time) int {
	return int((untilMidnight(now) + b.interval - 1) / b.interval)
}

// take counts one call of kind (an endpoint name), or refuses it with a
// budget_spent error when the day's budget is spent (for media look-ups:
// when only the feed's reserve is left). The count is saved before the call
// is made, so a crash never forgets a call.
func (b *dailyBudget) take(kind string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	b.rollLocked(now)
	limit := b.limit
	if mediaCall(kind) {
		limit -= b.feedReserveLocked(now)
	}
	if b.used >= limit {
		if b.used >= b.limit {
			b.warnSpentLocked(now)
		}
		return &linkedin.Error{Endpoint: kind, Kind: kindBudgetSpent, RetryAfter: untilMidnight(now).Round(time.Second),
			Err: fmt.Errorf("%d of %d LinkedIn calls made today", b.used, b.limit)}
	}
	b.state.Calls[kind]++
	b.used++
	b.total.WithLabelValues(kind).Inc()
	b.saveLocked()
	if b.used >= b.limit {
		b.warnSpentLocked(now)
	}
	return nil
}

// warnSpentLocked logs once a day that the budget is spent.
func (b *dailyBudget) warnSpentLocked(now time.Time) {
	if b.warnedDay == b.state.Day {
		return
	}
	b.warnedDay = b.state.Day
	b.logger.Warn("insights: daily LinkedIn call budget spent; no LinkedIn call until midnight UTC, the last good feed is served",
		slog.Int("budget", b.limit), slog.Any("calls", b.state.Calls),
		slog.Time("resets_at", now.UTC().Add(untilMidnight(now))), slog.String("setting", "LINKEDIN_DAILY_CALLS"))
}

// spent reports whether no feed call can be made now, and how long until
// the budget resets.
func (b *dailyBudget) spent() (bool, time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	b.rollLocked(now)
	if b.used < b.limit {
		return false, 0
	}
	b.warnSpentLocked(now)
	return true, untilMidnight(now)
}

// snapshot returns today's calls by kind and their sum.
func (b *dailyBudget) snapshot() (map[string]int, int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.rollLocked(b.now())
	calls := make(map[string]int, len(callKinds))
	for _, k := range callKinds {
		calls[k] = b.state.Calls[k]
	}
	return calls, b.used
}

// saveLocked writes the state to dir. The caller holds b.mu.
func (b *dailyBudget) saveLocked() { saveJSON(b.logger, b.dir, budgetFile, b.state) }

// budgetCollector exports the budget, read at scrape time.
type budgetCollector struct {
	b                                   *dailyBudget
	today, limit, left, ratio, interval *prometheus.Desc
}

// newBudgetCollector describes the budget's gauges.
func newBudgetCollector(b *dailyBudget) *budgetCollector {
	return &budgetCollector{
		b: b,
		today: prometheus.NewDesc("veldhaven_insights_linkedin_calls_today",
			"LinkedIn API calls made since midnight UTC, by kind (kept across restarts with DATA_DIR).", []string{"kind"}, nil),
		limit: prometheus.NewDesc("veldhaven_insights_linkedin_budget_calls",
			"The daily budget of LinkedIn API calls (LINKEDIN_DAILY_CALLS).", nil, nil),
		left: prometheus.NewDesc("veldhaven_insights_linkedin_budget_left_calls",
			"LinkedIn API calls left in today's budget (UTC day).", nil, nil),
		ratio: prometheus.NewDesc("veldhaven_insights_linkedin_budget_used_ratio",
			"Share of today's budget of LinkedIn API calls spent, 0 to 1.", nil, nil),
		interval: prometheus.NewDesc("veldhaven_insights_refresh_interval_seconds",
			"Interval between feed refreshes: INSIGHTS_TTL, or longer when the daily budget requires it.", nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *budgetCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.today, c.limit, c.left, c.ratio, c.interval} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *budgetCollector) Collect(ch chan<- prometheus.Metric) {
	calls, used := c.b.snapshot()
	for _, k := range callKinds {
		ch <- prometheus.MustNewConstMetric(c.today, prometheus.GaugeValue, float64(calls[k]), k)
	}
	ch <- prometheus.MustNewConstMetric(c.limit, prometheus.GaugeValue, float64(c.b.limit))
	ch <- prometheus.MustNewConstMetric(c.left, prometheus.GaugeValue, float64(max(0, c.b.limit-used)))
	ch <- prometheus.MustNewConstMetric(c.ratio, prometheus.GaugeValue, min(1, float64(used)/float64(c.b.limit)))
	ch <- prometheus.MustNewConstMetric(c.interval, prometheus.GaugeValue, c.b.interval.Seconds())
}
