package insights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// LinkedIn versions its REST API by month: the LinkedIn-Version header is
// YYYYMM, a new version comes out every month, and each is supported for
// at least one year after its release (Microsoft Learn, "LinkedIn
// versioning"). A version that is no longer served, or not yet released,
// is answered 426 NONEXISTENT_VERSION (Microsoft Learn, "API error
// handling"). This file keeps the feed alive through that: it moves to a
// version LinkedIn still serves, says which to configure, and exports how
// long the configured one has left.

const (
	// versionSupport is LinkedIn's published support window of a version.
	versionSupportMonths = 12
	// versionProbeMonths is how many monthly versions are tried, newest
	// first from the current month, when the one in use is refused.
	versionProbeMonths = versionSupportMonths + 1
	// versionRetryAfter is how long a probe that found no served version
	// is remembered before the next one.
	versionRetryAfter = time.Hour
)

// DefaultVersion is the LinkedIn-Version header sent when none is
// configured: the newest version that was certainly released on the day
// this build was made (the month before released), so a new release never
// starts with a version close to its end, and the default never has to be
// edited. A zero released (a development build) counts from now.
func DefaultVersion(released, now time.Time) string {
	if released.IsZero() {
		released = now
	}
	return versionBefore(released)
}

// versionOf is the monthly version of the month of t (UTC), e.g. "202611".
func versionOf(t time.Time) string {
	t = t.UTC()
	return fmt.Sprintf("%04d%02d", t.Year(), int(t.Month()))
}

// versionBefore is the version of the month before t's.
func versionBefore(t time.Time) string {
	t = t.UTC()
	return versionOf(time.Date(t.Year(), t.Month()-1, 1, 0, 0, 0, 0, time.UTC))
}

// versionMonth is the first day of a version's month; ok is false for a
// value that is not YYYYMM or YYYYMM.RR.
func versionMonth(v string) (time.Time, bool) {
	if !versionPattern.MatchString(v) {
		return time.Time{}, false
	}
	y, _ := strconv.Atoi(v[:4])
	m, _ := strconv.Atoi(v[4:6])
	return time.Date(y, time.Month(m), 1, 0, 0, 0, 0, time.UTC), true
}

// versionSunset is the earliest day LinkedIn may stop serving v: one year
// after the start of its month.
func versionSunset(v string) (time.Time, bool) {
	m, ok := versionMonth(v)
	if !ok {
		return time.Time{}, false
	}
	return m.AddDate(0, versionSupportMonths, 0), true
}

// versionCandidates are the versions to try when refused is not served:
// monthly versions newest first from the month of now, refused left out.
func versionCandidates(now time.Time, refused string) []string {
	now = now.UTC()
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	var out []string
	for i := range versionProbeMonths {
		if v := versionOf(first.AddDate(0, -i, 0)); v != refused {
			out = append(out, v)
		}
	}
	return out
}

// versionState is the LinkedIn-Version in use: the configured one until
// LinkedIn refuses it, then the served version a probe found. It is safe
// for concurrent use.
type versionState struct {
	configured string
	now        func() time.Time

	mu       sync.Mutex
	inUse    string
	probing  chan struct{} // closed when the probe under way ends
	failedAt time.Time     // last probe that found no served version
}

// newVersionState starts with the configured version in use.
func newVersionState(configured string, now func() time.Time) *versionState {
	return &versionState{configured: configured, inUse: configured, now: now}
}

// current is the version to send.
func (v *versionState) current() string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.inUse
}

// daysLeft is how many days the configured version has before LinkedIn's
// one-year window ends (negative once past).
func (v *versionState) daysLeft() float64 {
	sunset, ok := versionSunset(v.configured)
	if !ok {
		return math.NaN()
	}
	return math.Floor(sunset.Sub(v.now()).Hours() / 24)
}

// try reports how LinkedIn answers a call with a version: nil when the
// version is served (whatever else the answer says), errVersionRefused when
// it is not, another error when the answer says nothing about the version.
type versionTry func(ctx context.Context, version string) error

// errVersionRefused is a 426 NONEXISTENT_VERSION (or another version code).
var errVersionRefused = errors.New("version not served")

// switchFrom moves off refused, the version a call was just refused with.
// It returns true when a served version is now in use (another caller may
// have found it), so the call can be repeated. One probe runs at a time;
// the others wait for its result. A probe that found nothing is not
// repeated for versionRetryAfter.
func (v *versionState) switchFrom(ctx context.Context, refused string, try versionTry, logger *slog.Logger) bool {
	for {
		v.mu.Lock()
		if v.inUse != refused {
			v.mu.Unlock()
			return true
		}
		if wait := v.probing; wait != nil {
			v.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return false
			}
		}
		if !v.failedAt.IsZero() {
			since := v.now().Sub(v.failedAt)
			if since >= 0 && since < versionRetryAfter {
				v.mu.Unlock()
				return false
			}
		}
		done := make(chan struct{})
		v.probing = done
		v.mu.Unlock()

		found, conclusive := v.probe(ctx, refused, try)

		v.mu.Lock()
		v.probing = nil
		switch {
		case found != "":
			v.inUse = found
			v.failedAt = time.Time{}
		case conclusive:
			v.failedAt = v.now()
		}
		v.mu.Unlock()
		close(done)

		switch {
		case found != "":
			logger.Warn("insights: LinkedIn does not serve this LinkedIn-Version; using a served one. Set LINKEDIN_VERSION to it",
				slog.String("refused", refused), slog.String("configured", v.configured),
				slog.String("using", found), slog.String("set", "LINKEDIN_VERSION="+found))
			return true
		case conclusive:
			logger.Error("insights: LinkedIn-Version has retired and LinkedIn serves none of the recent ones; set LINKEDIN_VERSION to a current YYYYMM value",
				slog.String("refused", refused), slog.String("configured", v.configured))
		}
		return false
	}
}

// probe tries the candidates newest first and returns the first one
// served. conclusive is false when a try failed for another reason (a
// timeout, an outage): nothing is learnt then.
func (v *versionState) probe(ctx context.Context, refused string, try versionTry) (found string, conclusive bool) {
	for _, c := range versionCandidates(v.now(), refused) {
		err := try(ctx, c)
		switch {
		case err == nil:
			return c, true
		case errors.Is(err, errVersionRefused):
			continue
		default:
			return "", false
		}
	}
	return "", true
}

// versionTryFor is a try that repeats an API GET with another version.
func (s *linkedInSource) versionTryFor(endpoint, u, token string) versionTry {
	return func(ctx context.Context, version string) error {
		var sink json.RawMessage
		err := s.getJSONOnce(ctx, endpoint, u, token, version, &sink)
		if kindOf(err) != kindBudgetSpent {
			s.observe(endpoint, outcomeOf(err))
		}
		switch k := kindOf(err); {
		case err == nil:
			return nil
		case k == kindVersionRetired:
			return errVersionRefused
		case k == kindUnauthorized, k == kindForbidden, k == kindNotFound, k == kindClientError, k == kindBadResponse, k == kindTooLarge:
			// LinkedIn got past the version check: the version is served.
			return nil
		default:
			// A timeout, an outage, a 429: says nothing about the version.
			return err
		}
	}
}

// versionCollector exports the version in use and the days the configured
// one has left, read at scrape time.
type versionCollector struct {
	state          *versionState
	infoDesc, left *prometheus.Desc
}

// newVersionCollector describes the version gauges.
func newVersionCollector(state *versionState) *versionCollector {
	return &versionCollector{
		state: state,
		infoDesc: prometheus.NewDesc("veldhaven_insights_linkedin_version_info",
			"LinkedIn-Version configured and in use (1); they differ after LinkedIn refused the configured one.",
			[]string{"configured", "in_use"}, nil),
		left: prometheus.NewDesc("veldhaven_insights_linkedin_version_days_left",
			"Days until the configured LinkedIn-Version reaches the end of LinkedIn's one-year support window (negative once past).",
			[]string{"version"}, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *versionCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.infoDesc
	ch <- c.left
}

// Collect implements prometheus.Collector.
func (c *versionCollector) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.MustNewConstMetric(c.infoDesc, prometheus.GaugeValue, 1, c.state.configured, c.state.current())
	ch <- prometheus.MustNewConstMetric(c.left, prometheus.GaugeValue, c.state.daysLeft(), c.state.configured)
}
