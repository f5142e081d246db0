package ratelimit

import (
	"testing"
	"time"
)

func TestRateOr(t *testing.T) {
	def := Rate{Burst: 3, Every: time.Minute}
	for _, tc := range []struct {
		name string
		in   Rate
		want Rate
	}{
		{"unset", Rate{}, def},
		{"negative", Rate{Burst: -1, Every: -time.Second}, def},
		{"burst set", Rate{Burst: 7}, Rate{Burst: 7, Every: time.Minute}},
		{"every set", Rate{Every: time.Hour}, Rate{Burst: 3, Every: time.Hour}},
		{"both set", Rate{Burst: 1, Every: time.Second}, Rate{Burst: 1, Every: time.Second}},
	} {
		if got := tc.in.Or(def); got != tc.want {
			t.Errorf("%s: %+v.Or(%+v) = %+v, want %+v", tc.name, tc.in, def, got, tc.want)
		}
	}
}

func TestGate(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	// Each client 2 in a row, everyone 3 in a row; then one an hour.
	g := NewGate(Rate{Burst: 2, Every: time.Hour}, Rate{Burst: 3, Every: time.Hour}, 16, clock)

	for i, tc := range []struct {
		client string
		want   bool
	}{
		{"flood", true}, {"flood", true},
		{"flood", false}, {"flood", false}, // its own budget is spent, not the shared one
		{"staff", true},  // so another client still gets in
		{"other", false}, // the shared budget's three are spent
	} {
		ok, wait := g.Take(tc.client)
		if ok != tc.want {
			t.Fatalf("take %d (%s): %v, want %v", i, tc.client, ok, tc.want)
		}
		if !ok && (wait <= 0 || wait > time.Hour) {
			t.Errorf("take %d (%s): refused with wait %v, want (0, 1h]", i, tc.client, wait)
		}
	}
	now = now.Add(time.Hour)
	if ok, _ := g.Take("other"); !ok {
		t.Error("refused after both budgets had an hour to refill")
	}
}
