package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

func TestPerClient(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	p := NewPerClient(1.0/60, 2, 2, clock) // 2 in a row, then one a minute; 2 clients
	for i, tc := range []struct {
		client string
		want   bool
	}{
		{"a", true}, {"a", true}, {"a", false}, // a's two are spent
		{"b", true}, // b has its own
		{"a", false},
		{"c", true}, // a full table takes a new client: a, admitted longest ago, is forgotten
		{"b", true}, // b is still remembered: its second token
		{"b", false},
	} {
		if ok, wait := p.Take(tc.client); ok != tc.want {
			t.Fatalf("take %d (%s): %v (wait %v), want %v", i, tc.client, ok, wait, tc.want)
		} else if !ok && wait <= 0 {
			t.Errorf("take %d (%s): refused without a wait", i, tc.client)
		}
	}
	now = now.Add(time.Minute)
	if ok, _ := p.Take("b"); !ok {
		t.Error("b's token did not come back after a minute")
	}
}

// TestPerClientFullTable: clients that fill the table and keep trying while
// refused never lock out a new one.
func TestPerClientFullTable(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	const max = 64
	p := NewPerClient(1.0/300, 1, max, clock)
	for i := range max {
		p.Take(fmt.Sprint("flood-", i))
	}
	for round := range 10 {
		now = now.Add(time.Second)
		for i := range max {
			p.Take(fmt.Sprint("flood-", i))
		}
		if ok, wait := p.Take(fmt.Sprint("staff-", round)); !ok {
			t.Fatalf("round %d: a new client refused by a full table (wait %v)", round, wait)
		}
	}
	if n := len(p.clients); n > max {
		t.Fatalf("%d clients remembered, want at most %d", n, max)
	}
}
