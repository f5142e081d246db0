// Package linkedinauth lets a page admin reconnect the insights feed to
// LinkedIn from /admin/linkedin with LinkedIn's authorization code flow. The
// new token replaces the feed's only once it proves an admin of the page,
// and callbacks are bounded per client and in all by a budget of their own.
package linkedinauth

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
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

// Scope reads the organization's posts and the member's roles.
const Scope = "r_organization_social r_organization_admin"

// The state cookie carries the flow from ConnectPath to CallbackPath.
const (
	stateCookie  = "linkedin_oauth"
	stateAge     = 10 * time.Minute
	statePurpose = "veldhaven linkedin reconnect state v1\x00"
)

// Limits bound the callbacks that reach LinkedIn (one exchange and one
// check each), per client address and in all; unset fields take the defaults.
type Limits struct {
	PerClient ratelimit.Rate
	All       ratelimit.Rate
}

// Defaults: a page admin reconnects every 60 days, a few tries at most. The
// shared pool refills three times as fast as one address can spend it, so a
// stranger never keeps a page admin out.
var (
	DefaultPerClient = ratelimit.Rate{Burst: 2, Every: 30 * time.Minute}
	DefaultAll       = ratelimit.Rate{Burst: 6, Every: 10 * time.Minute}
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
	origin, err := oauthstate.Origin(cfg.SiteURL, cfg.Secure)
	if err != nil {
		return nil, fmt.Errorf("linkedinauth: %w", err)
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
		cfg: cfg, origin: origin, authURL: auth,
		signer: oauthstate.Signer{Key: cfg.StateKey, Purpose: statePurpose, Age: stateAge, Now: cfg.Now},
		spent:  oauthstate.NewSpent(cfg.Now),
		gate:   ratelimit.NewGate(cfg.Limits.PerClient.Or(DefaultPerClient), cfg.Limits.All.Or(DefaultAll), ratelimit.MaxClients, cfg.Now),
	}, nil
}

func (h *Handler) cookie(value string, maxAge int) *http.Cookie {
	return oauthstate.Cookie(stateCookie, PagePath+"/", strings.HasPrefix(h.origin, "https:"), value, maxAge)
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

// serveCallback checks the state, then within the budget exchanges the code
// once and has the feed check and keep the token.
func (h *Handler) serveCallback(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, h.cookie("", -1)) // one try per flow, whatever happens next
	state, _, expires, problem := h.signer.Callback(r, h.cookie("", 0).Name)
	if problem != oauthstate.OK {
		h.fail(w, r, http.StatusBadRequest, string(problem), "Not reconnected", restart)
		return
	}
	q := r.URL.Query()
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
		h.fail(w, r, http.StatusBadGateway, "provider_"+oauthstate.Code(code), "Not reconnected",
			"LinkedIn refused the request ("+oauthstate.Code(code)+"). Nothing was changed. If it happens again, tell the site's owner: the app's settings on LinkedIn may need a look.")
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

// pageStyle is the page's only style, allowed by its hash: the site's
// navy and sand, its system type, nothing loaded from elsewhere.
const pageStyle = `:root{color-scheme:light;--ink:#14213d;--muted:#4a5568;--line:#d9d4c7;--paper:#fbf8f1;--accent:#0f2a44;--bad:#8a1c1c;--good:#1d5c2e}
*{box-sizing:border-box}body{margin:0;background:var(--paper);color:var(--ink);font:1rem/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
header,main{max-width:44rem;margin:0 auto;padding:1.25rem}header{border-bottom:1px solid var(--line)}
header a{color:var(--accent);font-weight:600;text-decoration:none}h1{font-size:1.6rem;margin:.5rem 0 1rem}
a{color:var(--accent)}dl{display:grid;grid-template-columns:minmax(8rem,auto) minmax(0,1fr);gap:.5rem 1rem;margin:0 0 1.5rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr);gap:0}dd{margin:0 0 .75rem}}
.note{border-left:4px solid var(--accent);background:#fff;padding:.75rem 1rem;margin:0 0 1.5rem}
.note.bad{border-color:var(--bad)}.note.good{border-color:var(--good)}.bad-text{color:var(--bad)}
.button{display:inline-block;background:var(--accent);color:#fff;padding:.7rem 1.2rem;border-radius:.25rem;font-weight:600;text-decoration:none}
.button:focus-visible,a:focus-visible{outline:3px solid #c58a00;outline-offset:2px}p.help{color:var(--muted)}`

var styleHash = func() string {
	sum := sha256.Sum256([]byte(pageStyle))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// pagePolicy allows the page's own style and nothing else: no script at all.
var pagePolicy = "default-src 'none'; style-src " + styleHash + "; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

var page = template.Must(template.New("linkedin").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
{{with .IconURL}}<link rel="icon" href="{{.}}">
{{end}}<title>LinkedIn connection · Veldhaven Capital Partners</title>
<style>{{.Style}}</style>
</head>
<body>
<header><a href="/admin/">Back to the editor</a></header>
<main>
<h1>LinkedIn connection</h1>
{{with .Result}}<div class="note{{if .Good}} good{{else}} bad{{end}}" role="{{if .Good}}status{{else}}alert{{end}}" id="result">
<h2>{{.Title}}</h2>
<p>{{.Text}}</p>
</div>{{end}}
<dl id="connection">
<dt>Connection</dt><dd{{if not .Works}} class="bad-text"{{end}}>{{.State}}</dd>
<dt>Page</dt><dd>{{if .PageURL}}<a href="{{.PageURL}}">{{.Page}}</a>{{else}}{{.Page}}{{end}}</dd>
<dt>Connection expires</dt><dd{{if .ExpiresSoon}} class="bad-text"{{end}}>{{.Expires}}</dd>
<dt>Last refreshed</dt><dd>{{.LastRefresh}}</dd>
</dl>
<h2>Reconnect</h2>
{{if .CanReconnect}}<p><a class="button" href="/admin/linkedin/connect">Reconnect LinkedIn</a></p>
<p class="help">You sign in to LinkedIn as an admin of the firm's page and allow the site to read its posts. The new connection is kept only if it can read the page; otherwise nothing changes and the feed keeps its current one. LinkedIn's connections last 60 days: reconnect before the date above.</p>
{{else}}<p>{{.Unavailable}}</p>{{end}}
</main>
</body>
</html>
`))

// result is the outcome of a flow shown above the connection.
type result struct {
	Good        bool
	Title, Text string
}

// view is the page's data.
type view struct {
	Style                                      template.CSS
	IconURL                                    string
	Result                                     *result
	Works                                      bool
	State, Page, PageURL, Expires, LastRefresh string
	// ExpiresSoon: the connection has expired or expires within the
	// attention window; the date is shown as a warning.
	ExpiresSoon  bool
	CanReconnect bool
	Unavailable  string
}

// when is t in the page's words: a UTC time.
func when(t time.Time) string {
	return t.UTC().Format("2 January 2006, 15:04 UTC")
}

// problemWords says a refresh's failure kind in plain words.
func problemWords(kind string) string {
	switch kind {
	case "unauthorized":
		return "LinkedIn refuses the feed's connection: it has expired or was withdrawn. Reconnect LinkedIn below."
	case "forbidden":
		return "LinkedIn no longer lets the feed's connection read the page: the member who connected it may no longer be a page admin. A page admin should reconnect below."
	case "rate_limited", "budget_spent":
		return "The feed has used today's LinkedIn calls; it refreshes again after midnight UTC by itself."
	case "version_retired":
		return "LinkedIn retired the version of its API this site uses: the site's owner must install an update."
	case "timeout", "unreachable", "server_error":
		return "LinkedIn did not answer the last refresh; the feed tries again by itself."
	}
	return "The last refresh failed (" + kind + "); the feed tries again by itself."
}

// attentionWindow: a token expiring within it is flagged to the editor.
const attentionWindow = 14 * 24 * time.Hour

// describe turns a connection into the page's words.
func describe(c insights.Connection, now time.Time) view {
	v := view{Style: template.CSS(pageStyle), Works: true}
	if !c.LinkedIn {
		v.State = "Not set up: the feed shows sample posts, not the firm's LinkedIn page."
		v.Page, v.Expires, v.LastRefresh = "none", "no token", "not applicable"
		v.Unavailable = "Reconnecting needs the site to read LinkedIn first: ask the site's owner. (For the owner: set LINKEDIN_ORGANIZATION_URN and a first token; docs/deploy.md, LinkedIn credentials.)"
		return v
	}
	switch {
	case c.Problem != "":
		v.Works, v.State = false, "Not working. "+problemWords(c.Problem)
	case !c.Refreshed && c.LastRefresh.IsZero():
		v.State = "Not checked yet: the feed has not asked LinkedIn since the site started."
	case !c.Refreshed:
		v.State = "Not checked yet since the site started; the posts shown were read on " + when(c.LastRefresh) + "."
	default:
		v.State = "Working: the feed reads the page."
	}
	v.Page = c.Organization
	if id, ok := strings.CutPrefix(c.Organization, "urn:li:organization:"); ok {
		v.Page = "LinkedIn page " + id + " (" + c.Organization + ")"
		v.PageURL = "https://www.linkedin.com/company/" + id + "/"
	}
	switch {
	case c.ClientID == "":
		v.Unavailable = "Reconnecting is not set up on this site yet: ask the site's owner. (For the owner: set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET; docs/deploy.md, LinkedIn credentials.)"
	case !c.CanStore:
		v.Unavailable = "Reconnecting is not set up on this site yet: ask the site's owner. (For the owner: set " + sealedtoken.EnvKey + " and a data folder, so that a new connection is kept safely; docs/deploy.md, LinkedIn credentials.)"
	default:
		v.CanReconnect = true
	}
	switch left := c.ExpiresAt.Sub(now); {
	case c.ExpiresAt.IsZero():
		v.Expires = "Unknown: the site's owner set this connection up by hand."
		if v.CanReconnect {
			v.Expires += " Reconnect once and the date shows here."
		}
	case left <= 0:
		v.Works, v.ExpiresSoon = false, true
		v.Expires = "Expired on " + when(c.ExpiresAt) + ": the posts no longer update. Reconnect LinkedIn below."
	default:
		days := int(left.Hours() / 24)
		v.Expires = when(c.ExpiresAt) + " (in " + plural(days, "day") + ")."
		if left < attentionWindow {
			v.ExpiresSoon = true
			v.Expires += " Reconnect before then, or the posts stop updating."
		}
	}
	if c.LastRefresh.IsZero() {
		v.LastRefresh = "Never: the feed has no posts from LinkedIn yet."
	} else {
		v.LastRefresh = when(c.LastRefresh) + "."
	}
	return v
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// writePage answers the page with status and the page's own policy.
func (h *Handler) writePage(w http.ResponseWriter, r *http.Request, status int, v view) {
	v.IconURL = h.cfg.IconURL
	var body bytes.Buffer
	if err := page.Execute(&body, v); err != nil {
		http.Error(w, "internal server error", http.StatusInternalServerError)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Content-Length", strconv.Itoa(body.Len()))
	hdr.Set("Content-Security-Policy", pagePolicy)
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body.Bytes())
	}
}

// statusJSON is GET /admin/linkedin/status. Anyone can ask, so it says
// whether to act, never when the connection expires or which page.
type statusJSON struct {
	LinkedIn bool   `json:"linkedIn"`
	Works    bool   `json:"works"`
	Message  string `json:"message"`
	// Attention: the connection fails, or expires within 14 days.
	Attention bool `json:"attention"`
	// FeedStale: the feed's last good read of LinkedIn is older than the
	// feed serves as fresh.
	FeedStale bool `json:"feedStale"`
	// ExpiryKnown: the token's expiry is known, so attention comes before it
	// lapses; the date itself stays on the page.
	ExpiryKnown bool   `json:"expiryKnown"`
	URL         string `json:"url"`
}

func statusOf(c insights.Connection, now time.Time) statusJSON {
	v := describe(c, now)
	s := statusJSON{LinkedIn: c.LinkedIn, Works: v.Works, FeedStale: c.Stale, ExpiryKnown: c.LinkedIn && !c.ExpiresAt.IsZero(), URL: PagePath}
	expiring := !c.ExpiresAt.IsZero() && c.ExpiresAt.Sub(now) < attentionWindow
	s.Attention = c.LinkedIn && (!v.Works || expiring)
	switch {
	case !c.LinkedIn:
		s.Message = v.State
	case c.Problem != "":
		s.Message = "The LinkedIn feed is not working: " + problemWords(c.Problem)
	case !v.Works:
		s.Message = "The LinkedIn connection has expired: a page admin should reconnect it."
	case expiring:
		s.Message = "The LinkedIn connection expires within 14 days: a page admin should reconnect it."
	case !c.Refreshed:
		s.Message = "Not checked yet: the feed has not asked LinkedIn since the site started."
	default:
		s.Message = "Working: the feed reads the page."
	}
	return s
}
