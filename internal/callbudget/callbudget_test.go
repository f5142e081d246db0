package callbudget

import (
	"testing"
	"time"
)

// TestRefreshInterval checks RefreshInterval: the TTL, or what the budget allows.
func TestRefreshInterval(t *testing.T) {
	for _, tc := range []struct {
		ttl   time.Duration
		calls int
		want  time.Duration
	}{
		{5 * time.Minute, 50, 36 * time.Minute},  // 40 refreshes a day
		{5 * time.Minute, 500, 5 * time.Minute},  // 400 a day allow the TTL
		{time.Minute, 10, 3 * time.Hour},         // 8 a day
		{time.Hour, 50, time.Hour},               // a TTL longer than needed stays
		{5 * time.Minute, 100, 18 * time.Minute}, // 80 a day
		{time.Second, 100000, 2 * time.Second},   // 80000 a day: 1.08 s, rounded up
	} {
		if got := RefreshInterval(tc.ttl, tc.calls); got != tc.want {
			t.Errorf("RefreshInterval(%v, %d) = %v, want %v", tc.ttl, tc.calls, got, tc.want)
		}
	}
}
