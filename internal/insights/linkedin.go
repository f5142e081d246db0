package insights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
)

// linkedInSource reads posts and media from LinkedIn's versioned REST API.
// It is safe for concurrent use.
type linkedInSource struct {
	cfg    Config
	client *http.Client // API and token calls: follows no redirect
	logger *slog.Logger
	// Client asks the API through getJSON and downloads the media.
	*linkedin.Client
	observe func(endpoint string, outcome linkedin.Kind) // metrics hook
	ver     *linkedin.Versions                           // LinkedIn-Version in use
	// budget counts every API call and refuses those past the day's
	// budget (callbudget.go); learned remembers a refused sortBy and a
	// failing token (linkedinstate.go).
	budget  *dailyBudget
	learned *linkedInState
	now     func() time.Time
	// tokenBackoffMax caps the wait between failed token refreshes: the
	// feed's refresh interval, as for the feed's own retries.
	tokenBackoffMax time.Duration

	// onRefreshed, when set, is told of every token the refresh grant
	// hands out (the service keeps it, sealed, when it can).
	onRefreshed func(linkedin.Token)
	// oauth is the app's side of the token endpoint.
	oauth *linkedin.OAuth

	mu           sync.Mutex
	token        string // current access token
	refreshToken string
	// expiresAt is when token expires; zero when unknown (a token from the
	// environment, until it is refreshed or reconnected).
	expiresAt   time.Time
	tokenGen    int // bumped on every successful refresh
	refreshing  chan struct{}
	lastRefresh time.Time // when the token was last refreshed
	// A failed refresh is not repeated before tokenRetryAt (doubling from
	// minBackoff up to tokenBackoffMax), whatever asks for it meanwhile.
	tokenErr     error
	tokenBackoff time.Duration
	tokenRetryAt time.Time
}

// newLinkedInSource returns a source for a defaulted, validated cfg whose
// calls are counted against budget.
func newLinkedInSource(cfg Config, client *http.Client, logger *slog.Logger, observe func(string, linkedin.Kind), ver *linkedin.Versions, budget *dailyBudget, learned *linkedInState, now func() time.Time) *linkedInSource {
	s := &linkedInSource{
		cfg:             cfg,
		ver:             ver,
		client:          client,
		logger:          logger,
		observe:         observe,
		budget:          budget,
		learned:         learned,
		now:             now,
		tokenBackoffMax: RefreshInterval(cfg.TTL, cfg.DailyCalls),
		token:           cfg.AccessToken,
		refreshToken:    cfg.RefreshToken,
	}
	s.Client = &linkedin.Client{Base: cfg.APIBase, Get: s.getJSON, Observe: observe}
	return s
}

// Posts implements Source: the organization's posts in creation order.
// That is the closest to publication order the API offers; newFeed sorts
// by publishedAt regardless, so a 400 refusing sortBy is retried without
// it, and the refusal is remembered until the next UTC day (on disk,
// linkedinstate.go), so it costs one call a day, not one per refresh.
func (s *linkedInSource) Posts(ctx context.Context) ([]json.RawMessage, error) {
	if s.learned.sortByRefusedToday() {
		return s.Client.Posts(ctx, s.cfg.OrganizationURN, false)
	}
	posts, err := s.Client.Posts(ctx, s.cfg.OrganizationURN, true)
	if linkedin.KindOf(err) == linkedin.KindClientError {
		if s.learned.noteSortByRefused() {
			s.logger.Warn("insights: LinkedIn refused sortBy=CREATED; asking in its default order until tomorrow (UTC)", slog.String("error", err.Error()))
		}
		return s.Client.Posts(ctx, s.cfg.OrganizationURN, false)
	}
	return posts, err
}

// getJSON GETs an API URL with LinkedIn's headers and decodes a 200 answer
// into v. On a 401 it refreshes the access token once, when refresh is
// configured, and retries; likewise on a 500, which is how LinkedIn answers
// a failed downstream check of the access token (Microsoft Learn, "API
// error handling"), at most once per tokenCheckRefreshInterval. On a 426
// it moves to a LinkedIn-Version LinkedIn serves (see linkedin.Versions) and
// retries.
func (s *linkedInSource) getJSON(ctx context.Context, endpoint, u string, v any) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	refreshed, switched := false, false
	for {
		token, gen := s.currentToken()
		version := s.ver.Current()
		err := s.getJSONOnce(ctx, endpoint, u, token, version, v)
		var ue *linkedin.Error
		if !errors.As(err, &ue) {
			s.observe(endpoint, linkedin.Outcome(err))
			return err
		}
		if ue.Kind == kindBudgetSpent {
			return err // not a call: nothing was sent
		}
		s.observe(endpoint, ue.Kind)
		if !refreshed && s.canRefresh() && (ue.Kind == linkedin.KindUnauthorized || s.tokenCheckFailed(ue)) {
			refreshed = true
			s.logger.Warn("insights: access token refused, refreshing", slog.String("endpoint", endpoint), slog.Int("status", ue.Status), slog.String("code", ue.Code))
			if rerr := s.refresh(ctx, gen); rerr != nil {
				return errors.Join(err, rerr)
			}
			continue
		}
		if !switched && ue.Kind == linkedin.KindVersionRetired {
			switched = true
			if s.ver.SwitchFrom(ctx, version, s.versionTryFor(endpoint, u, token), s.logger) {
				continue
			}
		}
		return err
	}
}

// tokenCheckRefreshInterval spaces refreshes caused by a 500: during a
// LinkedIn outage every call answers 500, and a refresh does not help then.
const tokenCheckRefreshInterval = 10 * time.Minute

// tokenCheckFailed reports whether a 500 answer may be LinkedIn's failed
// check of the access token: a refresh is worth one try unless the token
// was refreshed within tokenCheckRefreshInterval.
func (s *linkedInSource) tokenCheckFailed(ue *linkedin.Error) bool {
	if ue.Status != http.StatusInternalServerError {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastRefresh.IsZero() || s.now().Sub(s.lastRefresh) >= tokenCheckRefreshInterval
}

// getJSONOnce is one GET of an API URL, counted against the budget first.
func (s *linkedInSource) getJSONOnce(ctx context.Context, endpoint, u, token, version string, v any) error {
	if err := s.budget.take(endpoint); err != nil {
		return err
	}
	return s.fetchJSON(ctx, endpoint, u, token, version, v)
}

// fetchJSON is one GET of an API URL with token, counted by nothing: the
// caller decides which budget it comes from.
func (s *linkedInSource) fetchJSON(ctx context.Context, endpoint, u, token, version string, v any) error {
	return linkedin.GetJSON(ctx, s.client, s.cfg.MaxBodyBytes, endpoint, u, token, version, v)
}

// currentToken returns the access token and its generation.
func (s *linkedInSource) currentToken() (string, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.token, s.tokenGen
}

// learnExpiry asks LinkedIn when the token in use expires (token
// introspection), when nothing has said so yet: a token pasted from the
// Developer Portal comes without its expiry, one from the token endpoint
// with it. Not counted against the budget: it is no API call.
func (s *linkedInSource) learnExpiry(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	token, gen := s.currentToken()
	in, err := s.oauth.Introspect(ctx, token)
	err = linkedin.TokenError("introspect", err)
	s.observe("introspect", linkedin.Outcome(err))
	if err != nil {
		s.logger.Warn("insights: LinkedIn's token introspection failed", slog.String("error", err.Error()))
		return
	}
	if !in.Active {
		s.logger.Warn("insights: LinkedIn says the feed's token is not active", slog.String("status", in.Status))
	}
	if in.ExpiresAt.IsZero() || in.Status == "revoked" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tokenGen == gen && s.expiresAt.IsZero() {
		s.expiresAt = in.ExpiresAt
	}
}

// expiry is when a token that lasts seconds expires, counted from now;
// zero when the answer did not say.
func expiry(seconds int64, now time.Time) time.Time {
	if seconds <= 0 {
		return time.Time{}
	}
	return now.Add(time.Duration(seconds) * time.Second)
}

// canRefresh reports whether the source holds a refresh token and the
// app's credentials to use it.
func (s *linkedInSource) canRefresh() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refreshToken != "" && s.cfg.hasClient()
}

// install makes t the token of every call from now on.
func (s *linkedInSource) install(t storedToken) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.token, s.refreshToken, s.expiresAt = t.AccessToken, t.RefreshToken, t.ExpiresAt
	s.tokenGen++
	s.tokenErr, s.tokenBackoff, s.tokenRetryAt = nil, 0, time.Time{}
}

// tokenState is the current token's fingerprint and expiry.
func (s *linkedInSource) tokenState() (fingerprint string, expiresAt time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return tokenFingerprint(s.token), s.expiresAt
}

// verify asks LinkedIn whether token's member is an approved
// administrator of the organization (linkedin.CheckAdmin). The calls are
// counted by no budget: the reconnect has its own (internal/linkedinauth).
func (s *linkedInSource) verify(ctx context.Context, token string) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	return linkedin.CheckAdmin(ctx, s.cfg.APIBase, s.cfg.OrganizationURN, func(ctx context.Context, u string, v any) error {
		err := s.fetchJSON(ctx, "verify", u, token, s.ver.Current(), v)
		s.observe("verify", linkedin.Outcome(err))
		return err
	})
}

// exchangeCode trades an authorization code for a token, once: a code is
// good for one exchange. Counted by no budget: the reconnect has its own.
func (s *linkedInSource) exchangeCode(ctx context.Context, code, redirectURI string) (linkedin.Token, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	tok, err := s.oauth.Exchange(ctx, code, redirectURI)
	err = linkedin.TokenError("exchange", err)
	s.observe("exchange", linkedin.Outcome(err))
	return tok, err
}

// refresh exchanges the refresh token for a new access token. gen is the
// generation of the token that was refused: when another caller has already
// refreshed past it, refresh returns at once, so concurrent 401s cause one
// refresh.
func (s *linkedInSource) refresh(ctx context.Context, gen int) error {
	for {
		s.mu.Lock()
		if s.tokenGen != gen {
			s.mu.Unlock()
			return nil
		}
		if wait := s.refreshing; wait != nil {
			s.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return fmt.Errorf("insights: refresh token: %w", ctx.Err())
			}
		}
		if wait := s.tokenRetryAt.Sub(s.now()); wait > 0 && wait <= s.tokenBackoffMax && s.tokenErr != nil {
			// Backing off after a failed refresh: no call, the same error.
			err := s.tokenErr
			s.mu.Unlock()
			return fmt.Errorf("insights: refresh token (backing off %v): %w", wait.Round(time.Second), err)
		}
		done := make(chan struct{})
		s.refreshing = done
		refreshToken := s.refreshToken
		s.mu.Unlock()

		tok, err := s.requestToken(ctx, refreshToken)
		if linkedin.KindOf(err) != kindBudgetSpent {
			s.observe("token", linkedin.Outcome(err))
		}

		now := s.now()
		s.mu.Lock()
		s.refreshing = nil
		var failingSince time.Time
		switch {
		case err == nil:
			s.token = tok.AccessToken
			if tok.RefreshToken != "" {
				s.refreshToken = tok.RefreshToken
			}
			s.expiresAt = expiry(tok.ExpiresIn, now)
			s.tokenGen++
			s.lastRefresh = now
			s.tokenErr, s.tokenBackoff, s.tokenRetryAt = nil, 0, time.Time{}
		case linkedin.KindOf(err) != kindBudgetSpent && linkedin.KindOf(err) != linkedin.KindCanceled:
			s.tokenErr = err
			s.tokenBackoff = min(max(2*s.tokenBackoff, minBackoff), max(s.tokenBackoffMax, minBackoff))
			s.tokenRetryAt = now.Add(s.tokenBackoff)
			failingSince = s.learned.tokenFailingSince()
			if failingSince.IsZero() {
				failingSince = now
			}
		}
		backoff := s.tokenBackoff
		s.mu.Unlock()
		close(done)
		if err != nil {
			if !failingSince.IsZero() {
				s.learned.setTokenFailing(failingSince)
				s.logger.Warn("insights: access token refresh failed", slog.String("error", err.Error()), slog.Duration("retry_in", backoff))
			}
			return fmt.Errorf("insights: refresh token: %w", err)
		}
		s.learned.setTokenFailing(time.Time{})
		s.logger.Info("insights: access token refreshed", slog.Int64("expires_in_s", tok.ExpiresIn))
		if s.onRefreshed != nil {
			s.onRefreshed(tok)
		}
		return nil
	}
}

// requestToken trades the refresh token for a new access token, counted
// against the budget.
func (s *linkedInSource) requestToken(ctx context.Context, refreshToken string) (linkedin.Token, error) {
	if err := s.budget.take("token"); err != nil {
		return linkedin.Token{}, err
	}
	tok, err := s.oauth.Refresh(ctx, refreshToken)
	return tok, linkedin.TokenError("token", err)
}
