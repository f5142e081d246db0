package editor

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"github.com/veldhaven/site/internal/clientaddr"
	"github.com/veldhaven/site/internal/oauthstate"
)

// Paths of the sign-in: Decap opens AuthPath in a popup, GitHub sends it back
// to CallbackPath.
const (
	AuthPath     = "/admin/auth"
	CallbackPath = "/admin/callback"
)

// The state cookie carries one sign-in's state and PKCE verifier from
// AuthPath to CallbackPath (oauthstate.Cookie).
const (
	stateCookie    = "cms_oauth"
	stateCookieAge = 10 * time.Minute
)

// stateMACContext binds the state's MAC to the editor's sign-in: a state
// of another flow signed with the same key is refused here.
const stateMACContext = "veldhaven editor sign-in state v1\x00"

type signInConfig struct {
	oauth     oauth2.Config
	siteURL   string
	secure    bool
	client    *http.Client
	timeout   time.Duration
	stateKey  []byte
	exchanges ExchangeLimits
	logger    *slog.Logger
	// now is the clock of the state cookies and the budget; nil means time.Now.
	now func() time.Time
}

// signIn is the server side of Decap's GitHub sign-in popup: AuthPath
// redirects to GitHub, and CallbackPath exchanges the code and posts the token
// to the editor's window. The origin comes from SITE_URL, never the request's
// Host, so neither the redirect_uri nor the token's target can be steered.
type signIn struct {
	cfg    signInConfig
	origin string // scheme://host of the site
	signer oauthstate.Signer
	spent  *oauthstate.Spent
	gate   *exchangeGate
}

func newSignIn(cfg signInConfig) (*signIn, error) {
	origin, err := oauthstate.Origin(cfg.siteURL, cfg.secure)
	if err != nil {
		return nil, fmt.Errorf("editor: %w", err)
	}
	if len(cfg.stateKey) == 0 {
		return nil, errors.New("editor: the sign-in needs a state key")
	}
	now := cfg.now
	if now == nil {
		now = time.Now
	}
	return &signIn{
		cfg: cfg, origin: origin,
		signer: oauthstate.Signer{Key: cfg.stateKey, Purpose: stateMACContext, Age: stateCookieAge, Now: now},
		spent:  oauthstate.NewSpent(now),
		gate:   newExchangeGate(cfg.exchanges, now),
	}, nil
}

// cookie is the state cookie with value and max-age.
func (s *signIn) cookie(value string, maxAge int) *http.Cookie {
	return oauthstate.Cookie(stateCookie, "/admin/", strings.HasPrefix(s.origin, "https:"), value, maxAge)
}

func (s *signIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	// Any Cross-Origin-Opener-Policy on the way would sever the popup from
	// the editor's window.
	h.Set("Cross-Origin-Opener-Policy", "unsafe-none")
	switch r.URL.Path {
	case AuthPath:
		s.serveAuth(w, r)
	case CallbackPath:
		s.serveCallback(w, r)
	default:
		http.NotFound(w, r)
	}
}

// oauthFor is the OAuth configuration of a sign-in: GitHub sends the popup
// back to the site's callback, where the state cookie is.
func (s *signIn) oauthFor() *oauth2.Config {
	c := s.cfg.oauth
	c.RedirectURL = s.origin + CallbackPath
	return &c
}

// serveAuth starts a sign-in: a fresh state and PKCE verifier in a cookie
// for CallbackPath, and a redirect to GitHub's authorize page.
func (s *signIn) serveAuth(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if p := q.Get("provider"); p != "github" {
		s.fail(w, r, http.StatusBadRequest, "bad_provider", "This site signs in to the editor with GitHub only.")
		return
	}
	scope := q.Get("scope")
	switch scope {
	case "":
		scope = "repo"
	case "repo", "public_repo":
	default:
		s.fail(w, r, http.StatusBadRequest, "bad_scope", "The editor asked for GitHub permissions this site does not grant (scope must be repo or public_repo).")
		return
	}
	state := rand.Text()
	verifier := oauth2.GenerateVerifier()
	http.SetCookie(w, s.cookie(s.signer.Issue(state, verifier), int(stateCookieAge/time.Second)))
	c := s.oauthFor()
	c.Scopes = []string{scope}
	target := c.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("allow_signup", "false"))
	http.Redirect(w, r, target, http.StatusFound)
}

// serveCallback checks the state, then within the budget exchanges the code
// for a token, which the page hands to the editor.
func (s *signIn) serveCallback(w http.ResponseWriter, r *http.Request) {
	const restart = "This sign-in did not start in this browser, or took longer than 10 minutes: sign in again from the editor."
	state, verifier, expires, problem := s.signer.Callback(r, s.cookie("", 0).Name)
	if problem != oauthstate.OK {
		s.fail(w, r, http.StatusBadRequest, string(problem), restart)
		return
	}
	q := r.URL.Query()
	if code := q.Get("error"); code != "" {
		status, msg := http.StatusBadGateway, "GitHub refused the sign-in"
		if code == "access_denied" {
			status, msg = http.StatusForbidden, "The sign-in was cancelled on GitHub"
		}
		if d := strings.TrimRight(strings.TrimSpace(q.Get("error_description")), "."); d != "" {
			msg += ": " + clip(d, 200)
		}
		s.fail(w, r, status, "provider_"+oauthstate.Code(code), msg+". Sign in again to retry.")
		return
	}
	code := q.Get("code")
	if code == "" {
		s.fail(w, r, http.StatusBadRequest, "no_code", "GitHub did not send an authorization code: sign in again from the editor.")
		return
	}
	if s.spent.Used(state) {
		s.fail(w, r, http.StatusBadRequest, "state_replayed", restart)
		return
	}
	leave, wait, ok := s.gate.enter(clientaddr.Key(r))
	if !ok {
		s.tooMany(w, r, wait)
		return
	}
	defer leave()
	if ok, full := s.spent.Spend(state, expires); !ok {
		if full {
			s.tooMany(w, r, time.Minute)
			return
		}
		s.fail(w, r, http.StatusBadRequest, "state_replayed", restart)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.timeout)
	defer cancel()
	ctx = context.WithValue(ctx, oauth2.HTTPClient, s.cfg.client)
	tok, err := s.oauthFor().Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		status, reason := exchangeFailure(ctx, err)
		msg := "GitHub did not confirm the sign-in"
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.ErrorCode != "" {
			msg += " (" + oauthstate.Code(re.ErrorCode) + ")"
		} else if status == http.StatusGatewayTimeout {
			msg += " in time"
		}
		s.fail(w, r, status, reason, msg+". Sign in again to retry; if it keeps failing, tell the site's administrator.")
		return
	}
	body, err := json.Marshal(struct {
		Token    string `json:"token"`
		Provider string `json:"provider"`
	}{tok.AccessToken, "github"})
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, "encode", "The sign-in could not be completed. Sign in again to retry.")
		return
	}
	s.cfg.logger.LogAttrs(r.Context(), slog.LevelInfo, "editor sign-in", slog.String("result", "ok"))
	http.SetCookie(w, s.cookie("", -1)) // spent
	writeHandshake(w, http.StatusOK, handshake{
		origin:  s.origin,
		title:   "Signed in",
		message: "Signed in with GitHub. This window closes by itself.",
		result:  "authorization:github:success:" + string(body),
		orphan:  "Signed in with GitHub, but this window was not opened by the editor: close it and sign in from " + s.origin + "/admin/.",
	})
}

// tooMany answers 429 over the budget; the state is not spent, so reloading
// after the wait finishes the sign-in.
func (s *signIn) tooMany(w http.ResponseWriter, r *http.Request, wait time.Duration) {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.fail(w, r, http.StatusTooManyRequests, "exchange_budget",
		fmt.Sprintf("Too many sign-ins on this site right now: wait %d seconds, then reload this window or sign in again from the editor.", secs))
}

// exchangeFailure classifies a failed exchange; nothing of the error's text is
// logged, since the token endpoint's answer is not ours to copy.
func exchangeFailure(ctx context.Context, err error) (status int, reason string) {
	var re *oauth2.RetrieveError
	var ne net.Error
	switch {
	case errors.Is(err, errRedirected):
		return http.StatusBadGateway, "exchange_redirected"
	case errors.Is(err, errAnswerTooLarge):
		return http.StatusBadGateway, "exchange_too_large"
	case errors.As(err, &re) && re.ErrorCode != "":
		return http.StatusBadGateway, "exchange_" + oauthstate.Code(re.ErrorCode)
	case errors.As(err, &re) && re.Response != nil:
		return http.StatusBadGateway, fmt.Sprintf("exchange_status_%d", re.Response.StatusCode)
	case errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil || errors.As(err, &ne) && ne.Timeout():
		return http.StatusGatewayTimeout, "exchange_timeout"
	}
	return http.StatusBadGateway, "exchange_failed"
}

// clip shortens s to n runes.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// fail answers a sign-in that cannot go on: a page with the reason which
// also tells the editor's window (Decap shows the message).
func (s *signIn) fail(w http.ResponseWriter, r *http.Request, status int, reason, message string) {
	if r.URL.Path == CallbackPath && status != http.StatusTooManyRequests {
		// One try per sign-in: the browser drops the state. A sign-in
		// refused for the budget has not been tried yet.
		http.SetCookie(w, s.cookie("", -1))
	}
	s.cfg.logger.LogAttrs(r.Context(), slog.LevelWarn, "editor sign-in failed",
		slog.String("reason", reason), slog.Int("status", status))
	body, _ := json.Marshal(struct {
		Message string `json:"message"`
	}{message})
	writeHandshake(w, status, handshake{
		origin:  s.origin,
		title:   "Sign-in failed",
		message: message,
		result:  "authorization:github:error:" + string(body),
	})
}
