package oauthstate

import (
	"strconv"
	"testing"
	"time"
)

// TestSpentBounded: the memory of spent states never grows past MaxSpent;
// expired states make room, and when none has expired a state is refused
// rather than forgotten.
func TestSpentBounded(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	s := NewSpent(func() time.Time { return now })
	for i := range MaxSpent {
		if ok, full := s.Spend(strconv.Itoa(i), now.Add(time.Duration(i+1)*time.Millisecond)); !ok || full {
			t.Fatalf("spend %d: %v %v", i, ok, full)
		}
	}
	if ok, full := s.Spend("one more", now.Add(time.Minute)); ok || !full {
		t.Fatalf("over the bound: ok %v full %v, want refused as full", ok, full)
	}
	if ok, _ := s.Spend("0", now.Add(time.Minute)); ok {
		t.Fatal("a spent state was spent again")
	}
	now = now.Add(5 * time.Second) // every state above has expired
	if ok, full := s.Spend("one more", now.Add(time.Minute)); !ok || full || s.Len() != 1 {
		t.Fatalf("after expiry: ok %v full %v, %d kept", ok, full, s.Len())
	}
}

// TestSignerRefuses: a cookie of another purpose, another key, edited,
// expired or dated too far ahead is refused; the genuine one opens.
func TestSignerRefuses(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	s := Signer{Key: []byte("key-0123456789abcdef0123456789ab"), Purpose: "a\x00", Age: 10 * time.Minute, Now: clock}
	genuine := s.Issue("st", "ver")
	other := s
	other.Purpose = "b\x00"
	otherKey := s
	otherKey.Key = []byte("another-key-0123456789abcdef0123")
	past := s
	past.Now = func() time.Time { return now.Add(-11 * time.Minute) }
	ahead := s
	ahead.Age = time.Hour
	for _, tc := range []struct {
		name, cookie string
		want         Problem
	}{
		{"genuine", genuine, OK},
		{"another purpose", other.Issue("st", "ver"), Forged},
		{"another key", otherKey.Issue("st", "ver"), Forged},
		{"edited state", "su" + genuine[2:], Forged},
		{"two parts", "a.b", Malformed},
		{"empty verifier", "st..1.x", Malformed},
		{"expired", past.Issue("st", "ver"), Expired},
		{"too far ahead", ahead.Issue("st", "ver"), Expired},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state, verifier, _, got := s.Open(tc.cookie)
			if got != tc.want {
				t.Fatalf("Open: %q, want %q", got, tc.want)
			}
			if got == OK && (state != "st" || verifier != "ver") {
				t.Fatalf("Open: %q %q", state, verifier)
			}
		})
	}
}
