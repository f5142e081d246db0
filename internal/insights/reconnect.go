package insights

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/sealedtoken"
)

// A page admin reconnects the feed from /admin/linkedin: the code is exchanged
// once, and its token replaces the feed's only once LinkedIn says its member
// administers the page; neither call counts against the feed's budget.

// Errors of Reconnect, for the page to say in plain words.
var (
	// ErrNotLinkedIn: the feed shows the sample; there is nothing to reconnect.
	ErrNotLinkedIn = errors.New("insights: the feed does not read LinkedIn (LINKEDIN_ACCESS_TOKEN and LINKEDIN_ORGANIZATION_URN are not set)")
	// ErrNoClient: the app's credentials are not configured.
	ErrNoClient = errors.New("insights: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET are not set")
	// ErrNotPageAdmin: LinkedIn refused the new token the page's posts.
	ErrNotPageAdmin = errors.New("insights: LinkedIn refused the new token access to the page's posts: the member is not an admin of the page")
)

// Grant is a token the authorization code flow bought, not yet checked.
type Grant = sealedtoken.Token

// Connection is the state of the feed's link to LinkedIn, for
// /admin/linkedin and the editor.
type Connection struct {
	LinkedIn     bool   // the feed reads LinkedIn (else the sample)
	Organization string // urn:li:organization:N
	ClientID     string // the app's, for the authorization URL; "" when unset
	CanStore     bool   // a token key and a data dir to keep a token in
	Reconnected  bool   // the token in use came from a reconnect
	ExpiresAt    time.Time
	LastRefresh  time.Time // when the feed held was fetched
	// Problem is the kind of the last refresh's failure, "" after a success;
	// Refreshed, whether any refresh has concluded since the start.
	Problem   string
	Refreshed bool
	Stale     bool // the feed held is past fresh, or none after a try
}

// Connection reports the feed's link to LinkedIn.
func (s *Service) Connection() Connection {
	c := Connection{LinkedIn: s.cfg.linkedIn(), Organization: s.cfg.OrganizationURN}
	if !c.LinkedIn {
		return c
	}
	if s.cfg.hasClient() {
		c.ClientID = s.cfg.ClientID
	}
	c.CanStore = len(s.cfg.TokenKey) == 32 && s.persist
	if f := s.cache.current(); f != nil {
		c.LastRefresh = f.fetchedAt
	}
	lastErr, attempted, concluded := s.cache.outcome()
	c.Refreshed = attempted
	c.Stale = s.cache.old()
	// No refresh has concluded since the new token read the page: the last
	// failure was the replaced token's, and the check is the latest word.
	if lastErr != nil && s.reconnectedAfter.Load() == concluded+1 {
		lastErr = nil
	}
	if lastErr != nil {
		c.Problem = string(linkedin.KindOf(lastErr))
	}
	if src, ok := s.src.(*linkedInSource); ok {
		access, exp := src.tokens.State()
		c.ExpiresAt = exp
		c.Reconnected = sealedtoken.Fingerprint(access) != sealedtoken.Fingerprint(s.cfg.AccessToken)
	}
	return c
}

// linkedInSource is the LinkedIn source, or an error saying why a
// reconnect cannot use it.
func (s *Service) reconnectable() (*linkedInSource, error) {
	src, ok := s.src.(*linkedInSource)
	if !ok || !s.cfg.linkedIn() {
		return nil, ErrNotLinkedIn
	}
	if !s.cfg.hasClient() {
		return nil, ErrNoClient
	}
	if len(s.cfg.TokenKey) != 32 {
		return nil, sealedtoken.ErrNoKey
	}
	if !s.persist {
		return nil, errors.New("insights: no usable data dir (DATA_DIR) to keep a reconnected token in")
	}
	return src, nil
}

// Exchange trades an authorization code for a token at LinkedIn's token
// endpoint, once. redirectURI must be the one the authorization request
// named. The error's OAuthCode says why LinkedIn refused.
func (s *Service) Exchange(ctx context.Context, code, redirectURI string) (Grant, error) {
	src, err := s.reconnectable()
	if err != nil {
		return Grant{}, err
	}
	tok, err := src.exchangeCode(ctx, code, redirectURI)
	if err != nil {
		return Grant{}, fmt.Errorf("insights: exchange the authorization code: %w", err)
	}
	return s.sealable(tok), nil
}

// sealable is tok as the data dir keeps it, obtained now.
func (s *Service) sealable(tok linkedin.Token) sealedtoken.Token {
	now := s.now()
	return sealedtoken.Token{AccessToken: tok.AccessToken, ExpiresAt: linkedin.Expiry(tok.ExpiresIn, now), RefreshToken: tok.RefreshToken,
		RefreshExpiresAt: linkedin.Expiry(tok.RefreshExpiresIn, now), Organization: s.cfg.OrganizationURN, ObtainedAt: now,
		Replaces: sealedtoken.Fingerprint(s.cfg.AccessToken)}
}

// Reconnect checks that g reads the organization's posts, then makes it
// the feed's token: sealed in the data dir first (so a restart keeps it),
// then in use, and the feed is refreshed at once. Any failure leaves the
// token in use as it was. ErrNotPageAdmin: the member is no approved
// administrator of the page.
func (s *Service) Reconnect(ctx context.Context, g Grant) error {
	src, err := s.reconnectable()
	if err != nil {
		return err
	}
	if err := src.verify(ctx, g.AccessToken); err != nil {
		s.reconnects.WithLabelValues(reconnectResult(err)).Inc()
		if linkedin.KindOf(err) == linkedin.KindForbidden {
			return fmt.Errorf("%w: %w", ErrNotPageAdmin, err)
		}
		return fmt.Errorf("insights: check the new token: %w", err)
	}
	t := g
	t.Organization, t.ObtainedAt, t.Replaces = s.cfg.OrganizationURN, s.now(), sealedtoken.Fingerprint(s.cfg.AccessToken)
	if err := sealedtoken.Save(s.cfg.DataDir, s.cfg.TokenKey, t); err != nil {
		s.reconnects.WithLabelValues("not_stored").Inc()
		return err
	}
	_, _, concluded := s.cache.outcome()
	src.tokens.Install(t.AccessToken, t.RefreshToken, t.ExpiresAt)
	s.reconnectedAfter.Store(concluded + 1)
	s.learned.setTokenFailing(time.Time{})
	s.reconnects.WithLabelValues("ok").Inc()
	s.logger.Info("insights: LinkedIn reconnected from /admin/linkedin", slog.Time("expires_at", g.ExpiresAt), slog.Bool("refresh_token", g.RefreshToken != ""))
	s.refreshNow()
	return nil
}

// reconnectResult is the metric label of a failed check.
func reconnectResult(err error) string {
	if linkedin.KindOf(err) == linkedin.KindForbidden {
		return "not_page_admin"
	}
	return "check_failed"
}

// refreshNow wakes the refresher for a refresh at once (a new token).
func (s *Service) refreshNow() {
	select {
	case s.kick <- struct{}{}:
	default: // one is pending already
	}
}

// useStoredToken puts the sealed token of the data dir in use when there
// is one for this organization and the environment still has the token it
// replaced.
func (s *Service) useStoredToken(src *linkedInSource) {
	if len(s.cfg.TokenKey) != 32 || !s.persist {
		return
	}
	t, err := sealedtoken.Load(s.cfg.DataDir, s.cfg.TokenKey)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return
	case err != nil:
		s.logger.Warn("insights: ignoring the stored LinkedIn token", slog.String("error", err.Error()))
		return
	case t.Organization != s.cfg.OrganizationURN:
		s.logger.Warn("insights: ignoring the stored LinkedIn token of another organization", slog.String("stored", t.Organization))
		return
	case t.Replaces != sealedtoken.Fingerprint(s.cfg.AccessToken):
		s.logger.Info("insights: LINKEDIN_ACCESS_TOKEN changed since the last reconnect: using it, not the stored token")
		return
	}
	src.tokens.Install(t.AccessToken, t.RefreshToken, t.ExpiresAt)
	s.logger.Info("insights: using the token reconnected from /admin/linkedin", slog.Time("obtained_at", t.ObtainedAt), slog.Time("expires_at", t.ExpiresAt))
}

// tokenRefreshed notes a token the refresh grant handed out and seals it
// when it can, so a restart does not go back to the older one.
func (s *Service) tokenRefreshed(tok linkedin.Token) {
	s.learned.setTokenFailing(time.Time{})
	s.logger.Info("insights: access token refreshed", slog.Int64("expires_in_s", tok.ExpiresIn))
	if len(s.cfg.TokenKey) != 32 || !s.persist {
		return
	}
	if err := sealedtoken.Save(s.cfg.DataDir, s.cfg.TokenKey, s.sealable(tok)); err != nil {
		s.logger.Warn("insights: refreshed LinkedIn token not stored", slog.String("error", err.Error()))
	}
}

// TokenExpiryMetric names the gauge of the token's expiry.
const TokenExpiryMetric = "veldhaven_insights_linkedin_token_expiry_timestamp_seconds"

// tokenCollector is the token's expiry: absent while unknown, so an alert
// on it never fires on a zero.
func tokenCollector(s *Service) prometheus.Collector {
	expiry := prometheus.NewDesc(TokenExpiryMetric,
		"When the feed's LinkedIn access token expires (Unix seconds), from the token endpoint or LinkedIn's introspection; absent while unknown. source: environment or reconnect.",
		[]string{"source"}, nil)
	return collector{[]*prometheus.Desc{expiry}, func(ch chan<- prometheus.Metric) {
		conn := s.Connection()
		if conn.ExpiresAt.IsZero() {
			return
		}
		source := "environment"
		if conn.Reconnected {
			source = "reconnect"
		}
		ch <- gauge(expiry, float64(conn.ExpiresAt.Unix()), source)
	}}
}

// OAuthErrorCode is the OAuth error code LinkedIn's token
// endpoint refused a grant with, "" when err is not such a refusal.
func OAuthErrorCode(err error) string {
	if ue := asUpstream(err); ue != nil && (ue.Endpoint == "exchange" || ue.Endpoint == "token") {
		return ue.Code
	}
	return ""
}
