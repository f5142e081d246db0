package linkedin

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// LinkedIn versions its REST API by month (LinkedIn-Version: YYYYMM), each
// served for at least a year (Microsoft Learn, "LinkedIn versioning"); a
// retired one is answered 426 NONEXISTENT_VERSION ("API error handling").

const (
	// versionSupport is LinkedIn's published support window of a version.
	versionSupportMonths = 12
	// VersionProbeMonths is how many monthly versions are tried, newest
	// first from the current month, when the one in use is refused.
	VersionProbeMonths = versionSupportMonths + 1
	// VersionRetryAfter is how long a probe that found no served version
	// is remembered before the next one.
	VersionRetryAfter = time.Hour
)

// versionPattern is LinkedIn's version syntax: YYYYMM, optionally .RR.
var versionPattern = regexp.MustCompile(`^20[0-9]{2}(0[1-9]|1[0-2])(\.[0-9]{2})?$`)

// ValidVersion reports whether v is of LinkedIn's version syntax.
func ValidVersion(v string) bool { return versionPattern.MatchString(v) }

// DefaultVersion is the month before the build's (now's in a development
// build): certainly released, and never close to its end in a new release.
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

// Sunset is the earliest day LinkedIn may stop serving v: one year
// after the start of its month.
func Sunset(v string) (time.Time, bool) {
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
	for i := range VersionProbeMonths {
		if v := versionOf(first.AddDate(0, -i, 0)); v != refused {
			out = append(out, v)
		}
	}
	return out
}

// Versions is the LinkedIn-Version in use: the configured one until
// LinkedIn refuses it, then the served version a probe found. It is safe
// for concurrent use.
type Versions struct {
	configured string
	now        func() time.Time

	mu       sync.Mutex
	inUse    string
	probing  chan struct{} // closed when the probe under way ends
	failedAt time.Time     // last probe that found no served version
}

// NewVersions starts with the configured version in use.
func NewVersions(configured string, now func() time.Time) *Versions {
	return &Versions{configured: configured, inUse: configured, now: now}
}

// Configured is the version configured, before any switch.
func (v *Versions) Configured() string { return v.configured }

// Current is the version to send.
func (v *Versions) Current() string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.inUse
}

// DaysLeft is how many days the configured version has before LinkedIn's
// one-year window ends (negative once past).
func (v *Versions) DaysLeft() float64 {
	sunset, ok := Sunset(v.configured)
	if !ok {
		return math.NaN()
	}
	return math.Floor(sunset.Sub(v.now()).Hours() / 24)
}

// VersionTry reports how LinkedIn answers a call with a version: nil when the
// version is served (whatever else the answer says), ErrVersionRefused when
// it is not, another error when the answer says nothing about the version.
type VersionTry func(ctx context.Context, version string) error

// ErrVersionRefused is a 426 NONEXISTENT_VERSION (or another version code).
var ErrVersionRefused = errors.New("version not served")

// SwitchFrom moves off refused and reports whether a served version is now in
// use; one probe runs at a time, and one that found none waits an hour.
func (v *Versions) SwitchFrom(ctx context.Context, refused string, try VersionTry, logger *slog.Logger) bool {
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
			if since >= 0 && since < VersionRetryAfter {
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
			logger.Warn("linkedin: LinkedIn does not serve this LinkedIn-Version; using a served one. Set LINKEDIN_VERSION to it",
				slog.String("refused", refused), slog.String("configured", v.configured),
				slog.String("using", found), slog.String("set", "LINKEDIN_VERSION="+found))
			return true
		case conclusive:
			logger.Error("linkedin: LinkedIn-Version has retired and LinkedIn serves none of the recent ones; set LINKEDIN_VERSION to a current YYYYMM value",
				slog.String("refused", refused), slog.String("configured", v.configured))
		}
		return false
	}
}

// probe tries the candidates newest first and returns the first one
// served. conclusive is false when a try failed for another reason (a
// timeout, an outage): nothing is learnt then.
func (v *Versions) probe(ctx context.Context, refused string, try VersionTry) (found string, conclusive bool) {
	for _, c := range versionCandidates(v.now(), refused) {
		err := try(ctx, c)
		switch {
		case err == nil:
			return c, true
		case errors.Is(err, ErrVersionRefused):
			continue
		default:
			return "", false
		}
	}
	return "", true
}
