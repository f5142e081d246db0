package insights

import (
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/veldhaven/site/internal/callbudget"
)

// linkedInStateFile keeps what a restart must not forget of LinkedIn's
// answers: the day it refused sortBy=CREATED and since when token refreshes
// have failed (an alert reads it).
const linkedInStateFile = "insights-linkedin.json"

// linkedInMemory is the on-disk form of linkedInState.
type linkedInMemory struct {
	SortByRefusedDay  string    `json:"sortByRefusedDay,omitempty"`
	TokenFailingSince time.Time `json:"tokenFailingSince,omitzero"`
}

// linkedInState is that memory, saved on every change. Safe for concurrent
// use.
type linkedInState struct {
	dir    string // "" for memory only
	now    func() time.Time
	logger *slog.Logger

	mu           sync.Mutex
	saved        linkedInMemory
	sortByLogged string // the day a sortBy refusal was reported
}

func newLinkedInState(dir string, now func() time.Time, logger *slog.Logger) *linkedInState {
	st := &linkedInState{dir: dir, now: now, logger: logger}
	if dir == "" {
		return st
	}
	data, err := os.ReadFile(filepath.Join(dir, linkedInStateFile))
	if errors.Is(err, os.ErrNotExist) {
		// Older data dirs kept them in the budget's file, under the same names.
		data, err = os.ReadFile(filepath.Join(dir, callbudget.File))
	}
	if err == nil {
		err = json.Unmarshal(data, &st.saved)
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		st.saved = linkedInMemory{}
		logger.Warn("insights: ignoring "+linkedInStateFile, slog.String("error", err.Error()))
	}
	return st
}

// saveLocked writes the state to dir. The caller holds st.mu.
func (st *linkedInState) saveLocked() { saveJSON(st.logger, st.dir, linkedInStateFile, st.saved) }

// sortByRefusedToday reports whether LinkedIn refused sortBy=CREATED today
// (UTC).
func (st *linkedInState) sortByRefusedToday() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.saved.SortByRefusedDay == callbudget.Day(st.now())
}

// noteSortByRefused remembers that LinkedIn refused sortBy=CREATED today,
// and reports whether this is the first time today (to log it once).
func (st *linkedInState) noteSortByRefused() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	day := callbudget.Day(st.now())
	st.saved.SortByRefusedDay = day
	st.saveLocked()
	first := st.sortByLogged != day
	st.sortByLogged = day
	return first
}

// setTokenFailing records since when token refreshes have been failing
// (zero: they work).
func (st *linkedInState) setTokenFailing(since time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.saved.TokenFailingSince.Equal(since) {
		return
	}
	st.saved.TokenFailingSince = since
	st.saveLocked()
}

// tokenFailingSince is when token refreshes started failing, zero if not.
func (st *linkedInState) tokenFailingSince() time.Time {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.saved.TokenFailingSince
}

// collectors are the token's gauges, read at scrape time.
func (st *linkedInState) collectors() []prometheus.Collector {
	since := func(f func(time.Time) float64) func() float64 {
		return func() float64 {
			if t := st.tokenFailingSince(); !t.IsZero() {
				return f(t)
			}
			return 0
		}
	}
	return []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "veldhaven_insights_token_refresh_failing",
			Help: "1 while refreshing the LinkedIn access token fails (since the last failed refresh until one succeeds), else 0.",
		}, since(func(time.Time) float64 { return 1 })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "veldhaven_insights_token_refresh_failing_since_timestamp_seconds",
			Help: "When refreshing the access token started failing (Unix time); 0 while it works.",
		}, since(func(t time.Time) float64 { return float64(t.Unix()) })),
	}
}
