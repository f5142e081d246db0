package insights

import (
	"math"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestVersionCalendar(t *testing.T) {
	at := func(s string) time.Time {
		tm, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	for _, tc := range []struct {
		release, want string
	}{
		{"2026-11-23T13:00:00Z", "202610"},
		{"2026-01-05T00:00:00Z", "202512"},
		{"2026-03-31T23:59:59Z", "202602"}, // no day-31 overflow
		{"2027-12-01T00:00:00+02:00", "202710"},
	} {
		if got := versionBefore(at(tc.release)); got != tc.want {
			t.Errorf("versionBefore(%s) = %s, want %s", tc.release, got, tc.want)
		}
	}
	now := at("2027-03-10T08:00:00Z")
	if got := DefaultVersion(at("2026-11-23T00:00:00Z"), now); got != "202610" {
		t.Errorf("DefaultVersion(release 2026-11-23) = %s, want 202610 (from the release date, not now)", got)
	}
	if got := DefaultVersion(time.Time{}, now); got != "202702" {
		t.Errorf("DefaultVersion(no release date) = %s, want 202702 (the month before now)", got)
	}
	for v, want := range map[string]string{"202601": "2027-01-01", "202612.01": "2027-12-01"} {
		sunset, ok := versionSunset(v)
		if !ok || sunset.Format(time.DateOnly) != want {
			t.Errorf("versionSunset(%s) = %v %v, want %s", v, sunset, ok, want)
		}
	}
	if _, ok := versionSunset("2026-01"); ok {
		t.Error("versionSunset accepted a bad version")
	}
	got := versionCandidates(at("2026-11-10T12:00:00Z"), "202610")
	if len(got) != versionProbeMonths-1 || got[0] != "202611" || got[1] != "202609" || got[len(got)-1] != "202511" {
		t.Errorf("candidates %v: newest first from this month, the refused one left out", got)
	}
}

// metricOf reads the one series of a metric: its labels and value.
func metricOf(t *testing.T, env *fakeEnv, name string) (map[string]string, float64) {
	t.Helper()
	families, err := env.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == name && len(f.GetMetric()) == 1 {
			m := f.GetMetric()[0]
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			return labels, m.GetGauge().GetValue()
		}
	}
	t.Fatalf("no metric %s", name)
	return nil, 0
}

// TestVersionMovesOn checks the answer to 426 NONEXISTENT_VERSION: a
// version LinkedIn serves is found once, newest first from the current
// month, remembered, logged with the value to configure, and exported.
func TestVersionMovesOn(t *testing.T) {
	now := time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, configured, oldest, latest, want string
		tries                                  []string // versions sent, in order
	}{
		{"retired", "202509", "202511", "202611", "202611", []string{"202509", "202611", "202611"}},
		{"too new", "202705", "202511", "202611", "202611", []string{"202705", "202611", "202611"}},
		{"this month not yet released", "202509", "202511", "202610", "202610", []string{"202509", "202611", "202610", "202610"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newFakeEnv(t, tc.oldest, tc.latest, now, func(c *Config) { c.Version = tc.configured })
			rec := env.get("/linkedin-api")
			if rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "" || len(feedIDs(t, rec.Body.Bytes())) == 0 {
				t.Fatalf("feed: %d stale=%q", rec.Code, rec.Header().Get("X-Feed-Stale"))
			}
			// The first posts call, the probe, the repeated call; then the
			// reposted posts' lookups with the version found.
			versions := env.fake.Versions()
			if !reflect.DeepEqual(versions[:len(tc.tries)], tc.tries) {
				t.Errorf("versions sent %v, want %v first", versions, tc.tries)
			}
			for _, v := range versions[len(tc.tries):] {
				if v != tc.want {
					t.Errorf("later call with %s, want %s", v, tc.want)
				}
			}
			if logs := env.logs.String(); !strings.Contains(logs, "level=WARN") || !strings.Contains(logs, `set="LINKEDIN_VERSION=`+tc.want+`"`) {
				t.Errorf("no warning naming the version to configure:\n%s", logs)
			}
			// Remembered: the next refresh asks with the served version only.
			before := len(versions)
			env.step()
			if len(env.fake.Versions()) == before {
				t.Fatal("no call on the next refresh")
			}
			for _, v := range env.fake.Versions()[before:] {
				if v != tc.want {
					t.Errorf("after the switch a call went out with %s", v)
				}
			}
			info, _ := metricOf(t, env, "veldhaven_insights_linkedin_version_info")
			if info["configured"] != tc.configured || info["in_use"] != tc.want {
				t.Errorf("version_info labels %v", info)
			}
			sunset, _ := versionSunset(tc.configured)
			_, left := metricOf(t, env, "veldhaven_insights_linkedin_version_days_left")
			if want := math.Floor(sunset.Sub(now).Hours() / 24); left != want {
				t.Errorf("days_left = %v, want %v", left, want)
			}
		})
	}
}

// TestVersionNoneServed checks that when no recent version is served the
// feed fails as before (logged as a retired version) and the probe is not
// repeated for versionRetryAfter.
func TestVersionNoneServed(t *testing.T) {
	now := time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC)
	env := newFakeEnv(t, "203001", "203012", now, func(c *Config) { c.Version = "202610" })
	if rec := env.get("/linkedin-api"); rec.Code != http.StatusBadGateway {
		t.Fatalf("feed: %d", rec.Code)
	}
	if !strings.Contains(env.logs.String(), "LinkedIn-Version has retired") {
		t.Errorf("not logged:\n%s", env.logs.String())
	}
	probes := len(env.fake.Versions())
	if probes != 1+versionProbeMonths-1 {
		t.Errorf("%d calls, want the posts call and %d probes", probes, versionProbeMonths-1)
	}
	env.step()
	if n := len(env.fake.Versions()) - probes; n != 1 {
		t.Errorf("%d calls on the next refresh, want 1 (no new probe within %v)", n, versionRetryAfter)
	}
	env.fake.ServeVersions("202511", "202611")
	env.clock.advance(versionRetryAfter)
	env.step()
	if rec := env.get("/linkedin-api"); rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "" {
		t.Errorf("after the probe found a version: %d stale=%q", rec.Code, rec.Header().Get("X-Feed-Stale"))
	}
}

// TestVersionDaysLeft checks the countdown of the configured version.
func TestVersionDaysLeft(t *testing.T) {
	for _, tc := range []struct {
		version string
		now     time.Time
		want    float64
	}{
		{"202606", time.Date(2026, 6, 2, 0, 0, 0, 0, time.UTC), 364},
		{"202606", time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC), 0},
		{"202601", time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC), -31},
	} {
		v := newVersionState(tc.version, func() time.Time { return tc.now })
		if got := v.daysLeft(); got != tc.want {
			t.Errorf("%s on %s: %v days left, want %v", tc.version, tc.now.Format(time.DateOnly), got, tc.want)
		}
	}
}
