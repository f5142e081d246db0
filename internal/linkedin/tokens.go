package linkedin

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// minTokenBackoff is the first wait after a failed refresh.
const minTokenBackoff = time.Second

// Tokens is the access token API calls use, refreshed once for any number of
// callers refused the same token, with a doubling backoff after a failure.
type Tokens struct {
	// Take, when set, is asked before each refresh call: its error (a spent
	// budget) stops the call and counts as no failure.
	Take func(endpoint string) error
	// Observe hears the outcome of every token endpoint call.
	Observe func(endpoint string, outcome Kind)
	// OnRefreshed hears every refreshed token, with the refresh token to keep.
	OnRefreshed func(Token)
	// OnFailed hears every failed refresh and the wait before the next.
	OnFailed func(err error, retryIn time.Duration)

	oauth      *OAuth // nil: the app's credentials are not configured
	now        func() time.Time
	backoffMax time.Duration
	sem        chan struct{} // one refresh at a time

	mu          sync.Mutex
	access      string
	refresh     string
	expiresAt   time.Time // zero: unknown
	gen         int       // bumped on every new token
	lastRefresh time.Time
	err         error // the last refresh's failure, repeated until retryAt
	backoff     time.Duration
	retryAt     time.Time
}

// NewTokens holds access and refresh (either may be empty), renewed through
// oauth (nil: never); backoffMax caps the wait after failed refreshes.
func NewTokens(oauth *OAuth, access, refresh string, backoffMax time.Duration, now func() time.Time) *Tokens {
	return &Tokens{oauth: oauth, access: access, refresh: refresh, backoffMax: backoffMax, now: now, sem: make(chan struct{}, 1)}
}

// Current is the access token in use and its generation, for Refresh.
func (t *Tokens) Current() (access string, gen int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.access, t.gen
}

// State is the access token in use and when it expires (zero: unknown).
func (t *Tokens) State() (access string, expiresAt time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.access, t.expiresAt
}

// CanRefresh reports whether there is a refresh token and an app to use it.
func (t *Tokens) CanRefresh() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.refresh != "" && t.oauth != nil
}

// RefreshedWithin reports whether a refresh succeeded less than d ago.
func (t *Tokens) RefreshedWithin(d time.Duration) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.lastRefresh.IsZero() && t.now().Sub(t.lastRefresh) < d
}

// Install makes access (with refresh, expiring at expiresAt) the token of
// every call from now on, and forgets past failures.
func (t *Tokens) Install(access, refresh string, expiresAt time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.access, t.refresh, t.expiresAt = access, refresh, expiresAt
	t.gen++
	t.err, t.backoff, t.retryAt = nil, 0, time.Time{}
}

// Refresh trades the refresh token for a new access token unless the token
// of generation gen was replaced meanwhile; failures repeat until the backoff.
func (t *Tokens) Refresh(ctx context.Context, gen int) error {
	select {
	case t.sem <- struct{}{}:
		defer func() { <-t.sem }()
	case <-ctx.Done():
		return fmt.Errorf("linkedin: refresh token: %w", ctx.Err())
	}
	t.mu.Lock()
	if t.gen != gen {
		t.mu.Unlock()
		return nil
	}
	if wait := t.retryAt.Sub(t.now()); t.err != nil && wait > 0 && wait <= t.backoffMax {
		err := t.err
		t.mu.Unlock()
		return fmt.Errorf("linkedin: refresh token (backing off %v): %w", wait.Round(time.Second), err)
	}
	refresh := t.refresh
	t.mu.Unlock()

	if t.Take != nil {
		if err := t.Take("token"); err != nil {
			return fmt.Errorf("linkedin: refresh token: %w", err)
		}
	}
	tok, err := t.oauth.Refresh(ctx, refresh)
	if t.Observe != nil {
		t.Observe("token", Outcome(err))
	}
	now := t.now()
	t.mu.Lock()
	if err != nil {
		if KindOf(err) != KindCanceled {
			t.err = err
			t.backoff = min(max(2*t.backoff, minTokenBackoff), max(t.backoffMax, minTokenBackoff))
			t.retryAt = now.Add(t.backoff)
		}
		backoff := t.backoff
		t.mu.Unlock()
		if KindOf(err) != KindCanceled && t.OnFailed != nil {
			t.OnFailed(err, backoff)
		}
		return fmt.Errorf("linkedin: refresh token: %w", err)
	}
	if tok.RefreshToken == "" {
		tok.RefreshToken = refresh
	}
	t.access, t.refresh, t.expiresAt = tok.AccessToken, tok.RefreshToken, Expiry(tok.ExpiresIn, now)
	t.gen++
	t.lastRefresh = now
	t.err, t.backoff, t.retryAt = nil, 0, time.Time{}
	t.mu.Unlock()
	if t.OnRefreshed != nil {
		t.OnRefreshed(tok)
	}
	return nil
}

// LearnExpiry asks LinkedIn when the access token in use expires (token
// introspection) and keeps the answer when nothing had said so: a token
// pasted from the Developer Portal comes without its expiry.
func (t *Tokens) LearnExpiry(ctx context.Context) (Introspection, error) {
	access, gen := t.Current()
	in, err := t.oauth.Introspect(ctx, access)
	if t.Observe != nil {
		t.Observe("introspect", Outcome(err))
	}
	if err != nil || in.ExpiresAt.IsZero() || in.Status == "revoked" {
		return in, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.gen == gen && t.expiresAt.IsZero() {
		t.expiresAt = in.ExpiresAt
	}
	return in, nil
}

// Expiry is when a token that lasts seconds expires, counted from now; zero
// when the answer did not say.
func Expiry(seconds int64, now time.Time) time.Time {
	if seconds <= 0 {
		return time.Time{}
	}
	return now.Add(time.Duration(seconds) * time.Second)
}
