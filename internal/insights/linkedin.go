package insights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
)

// postsPageSize is how many posts are asked for; the site shows at most a
// few pages of 3.
const postsPageSize = 50

// linkedInSource reads posts and media from LinkedIn's versioned REST API.
// It is safe for concurrent use.
type linkedInSource struct {
	cfg    Config
	client *http.Client // API and token calls: follows no redirect
	logger *slog.Logger
	// media downloads the bytes, from mediaOrigins only.
	media        *http.Client
	mediaOrigins linkedin.MediaOrigins
	observe      func(endpoint string, outcome linkedin.Kind) // metrics hook
	ver          *linkedin.Versions                           // LinkedIn-Version in use
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
	return &linkedInSource{
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
}

// Posts implements Source: GET /rest/posts?q=author&author=<urn>.
func (s *linkedInSource) Posts(ctx context.Context) ([]json.RawMessage, error) {
	// sortBy=CREATED (Posts API, "Find Posts by Authors") is the closest
	// to publication order the API offers (the default, LAST_MODIFIED, puts
	// an old post whose typo was fixed first); newFeed sorts by publishedAt
	// regardless, so a 400 refusing the parameter is retried without it,
	// and the refusal is remembered until the next UTC day (on disk,
	// linkedinstate.go), so it costs one call a day, not one per refresh.
	u := s.cfg.APIBase + "/rest/posts?q=author&author=" + url.QueryEscape(s.cfg.OrganizationURN) +
		"&count=" + strconv.Itoa(postsPageSize)
	var resp linkedin.PostsAnswer
	var err error
	if s.learned.sortByRefusedToday() {
		err = s.getJSON(ctx, "posts", u, &resp)
	} else {
		err = s.getJSON(ctx, "posts", u+"&sortBy=CREATED", &resp)
		if linkedin.KindOf(err) == linkedin.KindClientError {
			if s.learned.noteSortByRefused() {
				s.logger.Warn("insights: LinkedIn refused sortBy=CREATED; asking in its default order until tomorrow (UTC)", slog.String("error", err.Error()))
			}
			err = s.getJSON(ctx, "posts", u, &resp)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("insights: fetch posts: %w", err)
	}
	if resp.Elements == nil {
		return nil, fmt.Errorf("insights: fetch posts: %w", &linkedin.Error{Endpoint: "posts", Kind: linkedin.KindBadResponse, Err: errors.New("no elements in answer")})
	}
	return resp.Elements, nil
}

// OpenMedia implements Source: it resolves the URN through /rest/images or
// /rest/videos to a signed download URL and opens that URL. The access token
// is sent to the API only, never to the download host.
func (s *linkedInSource) OpenMedia(ctx context.Context, urn string, limit int64) (io.ReadCloser, int64, error) {
	kind, ok := linkedin.ValidateMediaURN(urn)
	if !ok {
		return nil, 0, fmt.Errorf("insights: open media: invalid urn")
	}
	endpoint := "images"
	if kind == linkedin.MediaVideo {
		endpoint = "videos"
	}
	// url.QueryEscape, not PathEscape: LinkedIn wants the colons of a URN
	// in a path encoded as %3A.
	u := s.cfg.APIBase + "/rest/" + endpoint + "/" + url.QueryEscape(urn)
	var meta linkedin.MediaAnswer
	if err := s.getJSON(ctx, endpoint, u, &meta); err != nil {
		return nil, 0, fmt.Errorf("insights: resolve media: %w", err)
	}
	if meta.Status != "" && meta.Status != "AVAILABLE" {
		return nil, 0, fmt.Errorf("insights: resolve media: %w", &linkedin.Error{Endpoint: endpoint, Kind: linkedin.KindNotFound, Err: fmt.Errorf("media status %q", meta.Status)})
	}
	return s.download(ctx, endpoint, meta.DownloadURL, limit)
}

// download opens a signed download URL of the API's answer (a media item
// or a video thumbnail), at most limit bytes by its Content-Length.
func (s *linkedInSource) download(ctx context.Context, endpoint, rawURL string, limit int64) (io.ReadCloser, int64, error) {
	dl, err := url.Parse(rawURL)
	if err != nil || (dl.Scheme != "https" && dl.Scheme != "http") || dl.Host == "" || dl.User != nil {
		return nil, 0, fmt.Errorf("insights: resolve media: %w", &linkedin.Error{Endpoint: endpoint, Kind: linkedin.KindBadResponse, Err: errors.New("no usable downloadUrl")})
	}
	if err := linkedin.CheckMediaURL(s.mediaOrigins, dl); err != nil {
		s.observe("media", linkedin.KindRefused)
		return nil, 0, fmt.Errorf("insights: download media: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, dl.String(), nil)
	if err != nil {
		return nil, 0, fmt.Errorf("insights: download media: %w", linkedin.RedactError(err))
	}
	res, err := s.media.Do(req)
	if err != nil {
		e := linkedin.MediaTransportError(err)
		s.observe("media", e.Kind)
		return nil, 0, fmt.Errorf("insights: download media: %w", e)
	}
	if res.StatusCode != http.StatusOK {
		linkedin.Drain(res.Body)
		e := &linkedin.Error{Endpoint: "media", Kind: linkedin.KindForStatus(res.StatusCode, ""), Status: res.StatusCode}
		s.observe("media", e.Kind)
		return nil, 0, fmt.Errorf("insights: download media: %w", e)
	}
	if res.ContentLength > limit {
		linkedin.Drain(res.Body)
		e := &linkedin.Error{Endpoint: "media", Kind: linkedin.KindTooLarge, Status: res.StatusCode, Err: fmt.Errorf("%d bytes over the %d cap", res.ContentLength, limit)}
		s.observe("media", e.Kind)
		return nil, 0, fmt.Errorf("insights: download media: %w", e)
	}
	s.observe("media", "ok")
	return res.Body, res.ContentLength, nil
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

// aclPageSize and maxACLPages bound the roles the check reads: a member
// who administers more than 200 pages is not expected.
const (
	aclPageSize = 20
	maxACLPages = 10
)

// aclsResponse is the part of the roleAssignee finder the check reads
// (Microsoft Learn, "Organization Access Control by Role").
type aclsResponse struct {
	Elements []struct {
		Role         string `json:"role"`
		State        string `json:"state"`
		Organization string `json:"organization"`
	} `json:"elements"`
}

// verify asks LinkedIn whether token's member is an approved ADMINISTRATOR
// of the organization: reading its posts is not enough, since an ad
// agency (DIRECT_SPONSORED_CONTENT_POSTER) can. Not one is a forbidden
// error. The calls are counted by no budget: the reconnect has its own
// (internal/linkedinauth).
func (s *linkedInSource) verify(ctx context.Context, token string) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	for page := range maxACLPages {
		u := s.cfg.APIBase + "/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=" +
			strconv.Itoa(page*aclPageSize) + "&count=" + strconv.Itoa(aclPageSize)
		var resp aclsResponse
		err := s.fetchJSON(ctx, "verify", u, token, s.ver.Current(), &resp)
		s.observe("verify", linkedin.Outcome(err))
		if err != nil {
			return err
		}
		for _, e := range resp.Elements {
			if e.Organization == s.cfg.OrganizationURN && e.Role == "ADMINISTRATOR" && e.State == "APPROVED" {
				return nil
			}
		}
		if len(resp.Elements) < aclPageSize {
			break
		}
	}
	return &linkedin.Error{Endpoint: "verify", Kind: linkedin.KindForbidden, Err: errors.New("not an approved administrator of the organization")}
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
