package linkedinauth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/clientaddr"
	"github.com/veldhaven/site/internal/insights"
	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/oauthstate"
	"github.com/veldhaven/site/internal/ratelimit"
	"github.com/veldhaven/site/internal/sealedtoken"
)

// Paths of the reconnect.
const (
	PagePath     = "/admin/linkedin"
	StatusPath   = "/admin/linkedin/status"
	ConnectPath  = "/admin/linkedin/connect"
	CallbackPath = "/admin/linkedin/callback"
)

// Scope is what the reconnect asks for (Community Management API): reading
// the organization's posts, and the member's roles, which say whether the
// member administers the page.
const Scope = "r_organization_social r_organization_admin"

// The state cookie carries the flow from ConnectPath to CallbackPath in the
// browser that started it, as the editor's sign-in does: __Host-linkedin_oauth
// on an https site, linkedin_oauth with Path=/admin/linkedin/ on plain http.
const (
	stateCookie       = "linkedin_oauth"
	secureStateCookie = "__Host-linkedin_oauth"
	stateAge          = 10 * time.Minute
	statePurpose      = "veldhaven linkedin reconnect state v1\x00"
)

// Feed is the feed owner's side: insights.Service.
type Feed interface {
	Connection() insights.Connection
	Exchange(ctx context.Context, code, redirectURI string) (insights.Grant, error)
	Reconnect(ctx context.Context, g insights.Grant) error
}

// Config is what the handler needs; cmd/site builds it.
type Config struct {
	Feed Feed
	// SiteURL is the site's public origin; redirect_uri is SiteURL +
	// CallbackPath (https when Secure).
	SiteURL string
	Secure  bool
	// AuthURL is LinkedIn's authorization page (LINKEDIN_AUTH_URL), default linkedin.DefaultAuthURL.
	AuthURL string
	// IconURL is the site's icon, a path on this site (the tab shows the
	// firm's mark, and the browser asks for no /favicon.ico); "": none.
	IconURL string
	// StateKey signs the state cookie (32 bytes or more).
	StateKey []byte
	Limits   Limits
	// Timeout bounds the exchange and the check together; zero: 20 s.
	Timeout time.Duration
	Logger  *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Handler answers the reconnect's paths.
type Handler struct {
	cfg     Config
	origin  string
	secure  bool
	authURL *url.URL
	signer  oauthstate.Signer
	spent   *oauthstate.Spent
	gate    *ratelimit.Gate
}

// New checks cfg and builds the handler.
func New(cfg Config) (*Handler, error) {
	if cfg.Feed == nil || cfg.Logger == nil {
		return nil, errors.New("linkedinauth: Feed and Logger are required")
	}
	u, err := url.Parse(cfg.SiteURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return nil, fmt.Errorf("linkedinauth: site URL %q must be an origin such as https://www.example.com", cfg.SiteURL)
	}
	scheme := u.Scheme
	if cfg.Secure {
		scheme = "https"
	}
	if cfg.AuthURL == "" {
		cfg.AuthURL = linkedin.DefaultAuthURL
	}
	auth, err := url.Parse(cfg.AuthURL)
	if err != nil || (auth.Scheme != "http" && auth.Scheme != "https") || auth.Host == "" || auth.RawQuery != "" {
		return nil, fmt.Errorf("linkedinauth: LINKEDIN_AUTH_URL %q must be an absolute http(s) URL without a query", cfg.AuthURL)
	}
	if cfg.IconURL != "" && (!strings.HasPrefix(cfg.IconURL, "/") || strings.HasPrefix(cfg.IconURL, "//")) {
		return nil, fmt.Errorf("linkedinauth: icon URL %q must be a path on this site", cfg.IconURL)
	}
	if len(cfg.StateKey) < 32 {
		return nil, errors.New("linkedinauth: the state key must have 32 bytes or more")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 20 * time.Second
	}
	return &Handler{
		cfg: cfg, origin: scheme + "://" + strings.ToLower(u.Host), secure: scheme == "https", authURL: auth,
		signer: oauthstate.Signer{Key: cfg.StateKey, Purpose: statePurpose, Age: stateAge, Now: cfg.Now},
		spent:  oauthstate.NewSpent(cfg.Now),
		gate:   newGate(cfg.Limits, cfg.Now),
	}, nil
}

func (h *Handler) cookie(value string, maxAge int) *http.Cookie {
	c := &http.Cookie{Name: stateCookie, Value: value, Path: PagePath + "/", MaxAge: maxAge, HttpOnly: true, Secure: h.secure, SameSite: http.SameSiteLaxMode}
	if h.secure {
		c.Name, c.Path = secureStateCookie, "/"
	}
	return c
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("X-Robots-Tag", "noindex")
	// The callback's URL holds the code: it goes to no other site.
	hdr.Set("Referrer-Policy", "no-referrer")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch r.URL.Path {
	case PagePath:
		h.writePage(w, r, http.StatusOK, describe(h.cfg.Feed.Connection(), h.cfg.Now()))
	case StatusPath:
		body, _ := json.Marshal(statusOf(h.cfg.Feed.Connection(), h.cfg.Now()))
		hdr.Set("Content-Type", "application/json; charset=utf-8")
		hdr.Set("Content-Length", strconv.Itoa(len(body)))
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
	case ConnectPath:
		h.serveConnect(w, r)
	case CallbackPath:
		h.serveCallback(w, r)
	default:
		h.fail(w, r, http.StatusNotFound, "not_found", "No such page", "There is nothing at this address. The LinkedIn connection is described below.")
	}
}

// redirectURI is where LinkedIn sends the browser back.
func (h *Handler) redirectURI() string { return h.origin + CallbackPath }

// serveConnect starts the flow: a fresh state in a cookie of this browser,
// and a redirect to LinkedIn's authorization page.
func (h *Handler) serveConnect(w http.ResponseWriter, r *http.Request) {
	conn := h.cfg.Feed.Connection()
	if v := describe(conn, h.cfg.Now()); !v.CanReconnect {
		h.fail(w, r, http.StatusServiceUnavailable, "not_configured", "Reconnecting is not available", v.Unavailable)
		return
	}
	state := rand.Text()
	http.SetCookie(w, h.cookie(h.signer.Issue(state, "linkedin"), int(stateAge/time.Second)))
	target := *h.authURL
	target.RawQuery = url.Values{
		"response_type": {"code"},
		"client_id":     {conn.ClientID},
		"redirect_uri":  {h.redirectURI()},
		"state":         {state},
		"scope":         {Scope},
	}.Encode()
	http.Redirect(w, r, target.String(), http.StatusFound)
}

// restart is what a refused state says.
const restart = "This reconnect did not start in this browser, or took longer than 10 minutes. Nothing was changed: start again with Reconnect LinkedIn."

// serveCallback ends the flow: the state must be one this site signed for
// this browser, unexpired and unspent; then, within the budget, the code is
// exchanged once and the token checked and kept by the feed.
func (h *Handler) serveCallback(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, h.cookie("", -1)) // one try per flow, whatever happens next
	q := r.URL.Query()
	c, err := r.Cookie(h.cookie("", 0).Name)
	if err != nil {
		h.fail(w, r, http.StatusBadRequest, "state_mismatch", "Not reconnected", restart)
		return
	}
	state, _, expires, problem := h.signer.Open(c.Value)
	if problem != oauthstate.OK {
		h.fail(w, r, http.StatusBadRequest, string(problem), "Not reconnected", restart)
		return
	}
	if got := q.Get("state"); got == "" || subtle.ConstantTimeCompare([]byte(state), []byte(got)) != 1 {
		h.fail(w, r, http.StatusBadRequest, "state_mismatch", "Not reconnected", restart)
		return
	}
	if code := q.Get("error"); code != "" {
		h.providerError(w, r, code)
		return
	}
	code := q.Get("code")
	if code == "" {
		h.fail(w, r, http.StatusBadRequest, "no_code", "Not reconnected", "LinkedIn sent no authorization. Nothing was changed: start again with Reconnect LinkedIn.")
		return
	}
	if h.spent.Used(state) {
		h.fail(w, r, http.StatusBadRequest, "state_replayed", "Not reconnected", restart)
		return
	}
	if ok, wait := h.gate.Take(clientaddr.Key(r)); !ok {
		secs := max(1, int(math.Ceil(wait.Seconds())))
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		h.fail(w, r, http.StatusTooManyRequests, "budget", "Not reconnected yet",
			fmt.Sprintf("Too many reconnects right now. Nothing was changed: wait %s, then start again with Reconnect LinkedIn.", plural(int(math.Ceil(float64(secs)/60)), "minute")))
		return
	}
	if ok, full := h.spent.Spend(state, expires); !ok {
		status, reason := http.StatusBadRequest, "state_replayed"
		if full {
			status, reason = http.StatusTooManyRequests, "spent_full"
		}
		h.fail(w, r, status, reason, "Not reconnected", restart)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.cfg.Timeout)
	defer cancel()
	g, err := h.cfg.Feed.Exchange(ctx, code, h.redirectURI())
	if err != nil {
		h.feedError(w, r, "exchange", err)
		return
	}
	if err := h.cfg.Feed.Reconnect(ctx, g); err != nil {
		h.feedError(w, r, "check", err)
		return
	}
	h.cfg.Logger.LogAttrs(r.Context(), slog.LevelInfo, "linkedin reconnect", slog.String("result", "ok"))
	v := describe(h.cfg.Feed.Connection(), h.cfg.Now())
	v.Result = &result{Good: true, Title: "LinkedIn reconnected",
		Text: "The feed uses the new connection from now on and is refreshing the posts now. It is kept safely on the server and survives restarts."}
	h.writePage(w, r, http.StatusOK, v)
}

// providerError answers LinkedIn's redirect with an error (Authorization
// Code Flow: user_cancelled_login, user_cancelled_authorize, or another).
func (h *Handler) providerError(w http.ResponseWriter, r *http.Request, code string) {
	switch code {
	case "user_cancelled_login":
		h.fail(w, r, http.StatusForbidden, "user_cancelled_login", "Not reconnected", "The LinkedIn sign-in was cancelled. Nothing was changed: the feed keeps its current connection.")
	case "user_cancelled_authorize":
		h.fail(w, r, http.StatusForbidden, "user_cancelled_authorize", "Not reconnected", "The permission was not given on LinkedIn. Nothing was changed: the feed keeps its current connection.")
	default:
		h.fail(w, r, http.StatusBadGateway, "provider_"+oauthCode(code), "Not reconnected",
			"LinkedIn refused the request ("+oauthCode(code)+"). Nothing was changed. If it happens again, tell the site's owner: the app's settings on LinkedIn may need a look.")
	}
}

// feedError answers a failed exchange or check.
func (h *Handler) feedError(w http.ResponseWriter, r *http.Request, step string, err error) {
	conn := h.cfg.Feed.Connection()
	page := conn.Organization
	switch {
	case errors.Is(err, insights.ErrNotPageAdmin):
		h.fail(w, r, http.StatusForbidden, "not_page_admin", "Not reconnected: not a page admin",
			"LinkedIn says the member who signed in is not an admin of the firm's page ("+page+"), so the new connection cannot read its posts. Nothing was changed: the feed keeps its current connection. Ask an admin of the page to reconnect, or have the page's super admin make you one.")
	case errors.Is(err, sealedtoken.ErrNoKey):
		h.fail(w, r, http.StatusServiceUnavailable, "no_token_key", "Not reconnected",
			"The site cannot keep a new connection safely until its owner sets "+sealedtoken.EnvKey+" (docs/deploy.md, LinkedIn credentials). Nothing was changed.")
	case errors.Is(err, insights.ErrNoClient), errors.Is(err, insights.ErrNotLinkedIn):
		h.fail(w, r, http.StatusServiceUnavailable, "not_configured", "Not reconnected",
			"Reconnecting is not set up on this site (docs/deploy.md, LinkedIn credentials). Nothing was changed.")
	case errors.Is(err, context.DeadlineExceeded):
		h.fail(w, r, http.StatusGatewayTimeout, step+"_timeout", "Not reconnected", "LinkedIn did not answer in time. Nothing was changed: try again in a few minutes.")
	default:
		reason := step + "_failed"
		msg := "LinkedIn did not accept the reconnect. Nothing was changed: start again with Reconnect LinkedIn; if it keeps failing, tell the site's owner."
		if code := insights.OAuthErrorCode(err); code != "" {
			reason = step + "_" + code
			if code == "invalid_grant" {
				msg = "The authorization from LinkedIn had expired or was already used. Nothing was changed: start again with Reconnect LinkedIn."
			}
		}
		h.fail(w, r, http.StatusBadGateway, reason, "Not reconnected", msg)
	}
}

// fail logs why (never a secret) and shows the page with the reason.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, status int, reason, title, text string) {
	h.cfg.Logger.LogAttrs(r.Context(), slog.LevelWarn, "linkedin reconnect refused", slog.String("reason", reason), slog.Int("status", status))
	v := describe(h.cfg.Feed.Connection(), h.cfg.Now())
	v.Result = &result{Title: title, Text: text}
	h.writePage(w, r, status, v)
}

// oauthCode is a provider's error code fit to log and show.
func oauthCode(code string) string {
	if c := linkedin.SanitizeCode(code); c != "" {
		return c
	}
	return "unknown"
}
