package linkedin

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/fakelinkedin"
)

// tokensAt is Tokens holding "old" and the fake's refresh token, which
// the fake trades for "new", and the count of token calls.
func tokensAt(t *testing.T, backoffMax time.Duration) (*Tokens, func() int64) {
	t.Helper()
	f, tokenURL := fake(t)
	f.RequireToken("old", "new", false)
	oauth, _ := NewOAuth("app-id", "app-secret", tokenURL, noFollow)
	return NewTokens(oauth, "old", "refresh-me", backoffMax, time.Now), func() int64 { return f.Calls("token") }
}

// TestTokensRefreshOnceForConcurrentRefusals: callers refused the same
// token wait for one refresh and then use its token.
func TestTokensRefreshOnceForConcurrentRefusals(t *testing.T) {
	tok, calls := tokensAt(t, time.Hour)
	var refreshed []Token
	tok.OnRefreshed = func(t Token) { refreshed = append(refreshed, t) }
	_, gen := tok.Current()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if err := tok.Refresh(context.Background(), gen); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := calls(); n != 1 {
		t.Errorf("%d token calls, want 1", n)
	}
	access, exp := tok.State()
	if access != "new" || exp.IsZero() || len(refreshed) != 1 || refreshed[0].RefreshToken != "refresh-me" {
		t.Errorf("after the refresh: %q expiring %v, heard %+v", access, exp, refreshed)
	}
	if !tok.RefreshedWithin(time.Minute) {
		t.Error("RefreshedWithin: false just after a refresh")
	}
}

// TestTokensBackOff: a failed refresh is not asked again before a doubling
// wait, capped by backoffMax; the same error is answered meanwhile, and a
// new token forgets the failures.
func TestTokensBackOff(t *testing.T) {
	f, tokenURL := fake(t)
	f.Set(func(b *fakelinkedin.Behaviour) { b.FailToken = true })
	oauth, _ := NewOAuth("app-id", "app-secret", tokenURL, noFollow)
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	tok := NewTokens(oauth, "old", "refresh-me", 4*time.Second, func() time.Time { return now })
	var waits []time.Duration
	tok.OnFailed = func(err error, retryIn time.Duration) {
		if KindOf(err) != KindUnauthorized {
			t.Errorf("failure %v, want unauthorized", err)
		}
		waits = append(waits, retryIn)
	}
	_, gen := tok.Current()
	for range 4 {
		if err := tok.Refresh(context.Background(), gen); err == nil {
			t.Fatal("refresh succeeded against a failing endpoint")
		}
		if err := tok.Refresh(context.Background(), gen); KindOf(err) != KindUnauthorized {
			t.Errorf("during the backoff: %v, want the last failure", err)
		}
		now = now.Add(waits[len(waits)-1])
	}
	if want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 4 * time.Second}; !reflect.DeepEqual(waits, want) {
		t.Errorf("waits %v, want %v", waits, want)
	}
	if n := f.Calls("token"); n != 4 {
		t.Errorf("%d token calls, want 4 (none during a backoff)", n)
	}
	tok.Install("pasted", "refresh-me", time.Time{})
	f.Set(func(b *fakelinkedin.Behaviour) { b.FailToken = false })
	_, gen = tok.Current()
	if err := tok.Refresh(context.Background(), gen); err != nil {
		t.Errorf("after a new token: %v, want a refresh at once", err)
	}
}

// TestTokensTakeRefused: a refresh the budget refuses makes no call and
// starts no backoff.
func TestTokensTakeRefused(t *testing.T) {
	tok, calls := tokensAt(t, time.Hour)
	spent := errors.New("budget spent")
	tok.Take = func(endpoint string) error {
		if endpoint != "token" {
			t.Errorf("Take(%q)", endpoint)
		}
		return spent
	}
	tok.OnFailed = func(error, time.Duration) { t.Error("a refused take counted as a failure") }
	_, gen := tok.Current()
	if err := tok.Refresh(context.Background(), gen); !errors.Is(err, spent) {
		t.Fatalf("err %v, want the budget's", err)
	}
	tok.Take = nil
	if err := tok.Refresh(context.Background(), gen); err != nil || calls() != 1 {
		t.Errorf("once the budget allows: %v, %d calls", err, calls())
	}
}

// TestTokensRefreshGoneBy: a refresh for a token already replaced calls
// nothing.
func TestTokensRefreshGoneBy(t *testing.T) {
	tok, calls := tokensAt(t, time.Hour)
	_, gen := tok.Current()
	tok.Install("reconnected", "", time.Time{})
	if err := tok.Refresh(context.Background(), gen); err != nil || calls() != 0 {
		t.Errorf("refresh of a replaced token: %v, %d calls", err, calls())
	}
	if tok.CanRefresh() {
		t.Error("CanRefresh without a refresh token")
	}
}
