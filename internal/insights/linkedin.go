package insights

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/veldhaven/site/internal/callbudget"
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
	// budget counts every API call; learned remembers a refused sortBy.
	budget  *callbudget.Budget
	learned *linkedInState
	now     func() time.Time
	tokens  *linkedin.Tokens // the access token in use
	oauth   *linkedin.OAuth  // nil without the app's credentials
}

// newLinkedInSource returns a source for a defaulted, validated cfg whose
// calls are counted against budget.
func newLinkedInSource(cfg Config, client *http.Client, logger *slog.Logger, observe func(string, linkedin.Kind), ver *linkedin.Versions, budget *callbudget.Budget, learned *linkedInState, now func() time.Time) *linkedInSource {
	s := &linkedInSource{
		cfg:     cfg,
		ver:     ver,
		client:  client,
		logger:  logger,
		observe: observe,
		budget:  budget,
		learned: learned,
		now:     now,
	}
	if cfg.hasClient() {
		s.oauth, _ = linkedin.NewOAuth(cfg.ClientID, cfg.ClientSecret, cfg.TokenURL, client) // TokenURL checked by validate
	}
	s.tokens = linkedin.NewTokens(s.oauth, cfg.AccessToken, cfg.RefreshToken, callbudget.RefreshInterval(cfg.TTL, cfg.DailyCalls), now)
	s.tokens.Take, s.tokens.Observe = budget.Take, observe
	s.tokens.OnFailed = func(err error, retryIn time.Duration) {
		if learned.tokenFailingSince().IsZero() {
			learned.setTokenFailing(now())
		}
		logger.Warn("insights: access token refresh failed", slog.String("error", err.Error()), slog.Duration("retry_in", retryIn))
	}
	s.Client = &linkedin.Client{Base: cfg.APIBase, Get: s.getJSON, Observe: observe}
	return s
}

// Posts implements Source: the organization's posts in creation order. A 400
// refusing sortBy is retried without it and remembered until the next UTC day.
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

// getJSON is one budgeted GET of an API URL, retried once after a token
// refresh on a 401 (or a 500, LinkedIn's failed token check, per Microsoft
// Learn "API error handling") and once on another version after a 426.
func (s *linkedInSource) getJSON(ctx context.Context, endpoint, u string, v any) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	refreshed, switched := false, false
	for {
		token, gen := s.tokens.Current()
		version := s.ver.Current()
		err := s.getJSONOnce(ctx, endpoint, u, token, version, v)
		var ue *linkedin.Error
		if !errors.As(err, &ue) {
			s.observe(endpoint, linkedin.Outcome(err))
			return err
		}
		if ue.Kind == linkedin.KindBudgetSpent {
			return err // not a call: nothing was sent
		}
		s.observe(endpoint, ue.Kind)
		if !refreshed && s.tokens.CanRefresh() && (ue.Kind == linkedin.KindUnauthorized || s.tokenCheckFailed(ue)) {
			refreshed = true
			s.logger.Warn("insights: access token refused, refreshing", slog.String("endpoint", endpoint), slog.Int("status", ue.Status), slog.String("code", ue.Code))
			if rerr := s.tokens.Refresh(ctx, gen); rerr != nil {
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

// tokenCheckFailed reports whether a 500 may be LinkedIn's failed token
// check, worth a refresh unless one was made within the interval.
func (s *linkedInSource) tokenCheckFailed(ue *linkedin.Error) bool {
	if ue.Status != http.StatusInternalServerError {
		return false
	}
	return !s.tokens.RefreshedWithin(tokenCheckRefreshInterval)
}

// getJSONOnce is one GET of an API URL, counted against the budget first.
func (s *linkedInSource) getJSONOnce(ctx context.Context, endpoint, u, token, version string, v any) error {
	if err := s.budget.Take(endpoint); err != nil {
		return err
	}
	return linkedin.GetJSON(ctx, s.client, s.cfg.MaxBodyBytes, endpoint, u, token, version, v)
}

// learnExpiry asks LinkedIn when the token in use expires, when nothing
// has said so yet. Not counted against the budget: it is no API call.
func (s *linkedInSource) learnExpiry(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	in, err := s.tokens.LearnExpiry(ctx)
	if err != nil {
		s.logger.Warn("insights: LinkedIn's token introspection failed", slog.String("error", err.Error()))
	} else if !in.Active {
		s.logger.Warn("insights: LinkedIn says the feed's token is not active", slog.String("status", in.Status))
	}
}

// verify asks LinkedIn whether token's member is an approved administrator
// of the organization; the reconnect has its own budget.
func (s *linkedInSource) verify(ctx context.Context, token string) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	return linkedin.CheckAdmin(ctx, s.cfg.APIBase, s.cfg.OrganizationURN, func(ctx context.Context, u string, v any) error {
		err := linkedin.GetJSON(ctx, s.client, s.cfg.MaxBodyBytes, "verify", u, token, s.ver.Current(), v)
		s.observe("verify", linkedin.Outcome(err))
		return err
	})
}

// exchangeCode trades an authorization code for a token, once.
func (s *linkedInSource) exchangeCode(ctx context.Context, code, redirectURI string) (linkedin.Token, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	tok, err := s.oauth.Exchange(ctx, code, redirectURI)
	s.observe("exchange", linkedin.Outcome(err))
	return tok, err
}

// versionTryFor is a try that repeats an API GET with another version.
func (s *linkedInSource) versionTryFor(endpoint, u, token string) linkedin.VersionTry {
	return func(ctx context.Context, version string) error {
		var sink json.RawMessage
		err := s.getJSONOnce(ctx, endpoint, u, token, version, &sink)
		if linkedin.KindOf(err) != linkedin.KindBudgetSpent {
			s.observe(endpoint, linkedin.Outcome(err))
		}
		switch k := linkedin.KindOf(err); {
		case err == nil:
			return nil
		case k == linkedin.KindVersionRetired:
			return linkedin.ErrVersionRefused
		case k == linkedin.KindUnauthorized, k == linkedin.KindForbidden, k == linkedin.KindNotFound, k == linkedin.KindClientError, k == linkedin.KindBadResponse, k == linkedin.KindTooLarge:
			// LinkedIn got past the version check: the version is served.
			return nil
		default:
			// A timeout, an outage, a 429: says nothing about the version.
			return err
		}
	}
}

// versionCollector exports the version in use and the days the configured
// one has left.
func versionCollector(v *linkedin.Versions) prometheus.Collector {
	info := prometheus.NewDesc("veldhaven_insights_linkedin_version_info",
		"LinkedIn-Version configured and in use (1); they differ after LinkedIn refused the configured one.",
		[]string{"configured", "in_use"}, nil)
	left := prometheus.NewDesc("veldhaven_insights_linkedin_version_days_left",
		"Days until the configured LinkedIn-Version reaches the end of LinkedIn's one-year support window (negative once past).",
		[]string{"version"}, nil)
	return collector{[]*prometheus.Desc{info, left}, func(ch chan<- prometheus.Metric) {
		ch <- gauge(info, 1, v.Configured(), v.Current())
		ch <- gauge(left, v.DaysLeft(), v.Configured())
	}}
}
