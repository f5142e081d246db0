package ratelimit

import (
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
		{"b", true},  // b has its own
		{"c", false}, // a third client while a and b are remembered
	} {
		if ok, wait := p.Take(tc.client); ok != tc.want {
			t.Fatalf("take %d (%s): %v (wait %v), want %v", i, tc.client, ok, wait, tc.want)
		} else if !ok && wait <= 0 {
			t.Errorf("take %d (%s): refused without a wait", i, tc.client)
		}
	}
	now = now.Add(time.Minute)
	if ok, _ := p.Take("a"); !ok {
		t.Error("a's token did not come back after a minute")
	}
	if ok, _ := p.Take("c"); ok {
		t.Error("c was admitted while a and b were still refilling")
	}
	// Two minutes idle: b's bucket is full again and can be forgotten.
	now = now.Add(2 * time.Minute)
	if ok, _ := p.Take("c"); !ok {
		t.Error("c refused once an idle client could be forgotten")
	}
}
