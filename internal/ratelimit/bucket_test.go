package ratelimit

import (
	"testing"
	"time"
)

func TestBucket(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	b := NewBucket(1, 3, clock)
	for i := range 3 {
		if ok, _ := b.Take(); !ok {
			t.Fatalf("take %d refused", i)
		}
	}
	if ok, wait := b.Take(); ok || wait != time.Second {
		t.Fatalf("empty bucket: %v %v", ok, wait)
	}
	now = now.Add(10 * time.Second) // refills to the burst, not beyond
	n := 0
	for {
		if ok, _ := b.Take(); !ok {
			break
		}
		n++
	}
	if n != 3 {
		t.Fatalf("%d tokens after a long pause, want 3", n)
	}
	// A slow refill says how long until the next token.
	slow := NewBucket(0.1, 1, clock)
	slow.Take()
	if ok, wait := slow.Take(); ok || wait != 10*time.Second {
		t.Fatalf("slow bucket: %v %v, want a 10 s wait", ok, wait)
	}
}
