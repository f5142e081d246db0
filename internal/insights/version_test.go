package insights

import (
	"math"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/fakelinkedin"
	"github.com/veldhaven/site/internal/linkedin"
)

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
			sunset, _ := linkedin.Sunset(tc.configured)
			_, left := metricOf(t, env, "veldhaven_insights_linkedin_version_days_left")
			if want := math.Floor(sunset.Sub(now).Hours() / 24); left != want {
				t.Errorf("days_left = %v, want %v", left, want)
			}
		})
	}
}

// TestVersionNoneServed checks that when no recent version is served the
// feed fails as before (logged as a retired version) and the probe is not
// repeated for linkedin.VersionRetryAfter.
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
	if probes != 1+linkedin.VersionProbeMonths-1 {
		t.Errorf("%d calls, want the posts call and %d probes", probes, linkedin.VersionProbeMonths-1)
	}
	env.step()
	if n := len(env.fake.Versions()) - probes; n != 1 {
		t.Errorf("%d calls on the next refresh, want 1 (no new probe within %v)", n, linkedin.VersionRetryAfter)
	}
	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.Oldest, b.Latest = "202511", "202611" })
	env.clock.advance(linkedin.VersionRetryAfter)
	env.step()
	if rec := env.get("/linkedin-api"); rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "" {
		t.Errorf("after the probe found a version: %d stale=%q", rec.Code, rec.Header().Get("X-Feed-Stale"))
	}
}
