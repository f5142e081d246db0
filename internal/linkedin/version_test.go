package linkedin

import (
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
		sunset, ok := Sunset(v)
		if !ok || sunset.Format(time.DateOnly) != want {
			t.Errorf("Sunset(%s) = %v %v, want %s", v, sunset, ok, want)
		}
	}
	if _, ok := Sunset("2026-01"); ok {
		t.Error("Sunset accepted a bad version")
	}
	got := versionCandidates(at("2026-11-10T12:00:00Z"), "202610")
	if len(got) != VersionProbeMonths-1 || got[0] != "202611" || got[1] != "202609" || got[len(got)-1] != "202511" {
		t.Errorf("candidates %v: newest first from this month, the refused one left out", got)
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
		v := NewVersions(tc.version, func() time.Time { return tc.now })
		if got := v.DaysLeft(); got != tc.want {
			t.Errorf("%s on %s: %v days left, want %v", tc.version, tc.now.Format(time.DateOnly), got, tc.want)
		}
	}
}
