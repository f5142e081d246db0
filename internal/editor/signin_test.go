package editor

import (
	"bytes"
	"crypto/sha256"
	"crypto/tls"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"
)

const (
	testClientID     = "Ov23liTestClient0001"
	testClientSecret = "client-secret-f00dfeed"
	testToken        = "gho_TheAccessToken1234567890"
	testCode         = "code-0123456789"
)

// fakeGitHub is GitHub's token endpoint, POST /login/oauth/access_token, as
// "Authorizing OAuth apps" documents it
// (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps,
// step 2 of the web application flow): it checks what the exchange sends
// (grant, code, client credentials, redirect_uri, the PKCE verifier against
// a challenge of an authorize URL) and answers as configured.
type fakeGitHub struct {
	t   *testing.T
	srv *httptest.Server

	mu          sync.Mutex
	challenges  map[string]bool // code_challenge of each authorize URL
	redirectURI string          // redirect_uri of the authorize URLs
	calls       int
	answer      func(w http.ResponseWriter, r *http.Request) // nil: GitHub's answer to the exchange
}

func newFakeGitHub(t *testing.T) *fakeGitHub {
	f := &fakeGitHub{t: t, challenges: map[string]bool{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.token))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeGitHub) endpoint() oauth2.Endpoint {
	return oauth2.Endpoint{
		AuthURL:   "https://github.example/login/oauth/authorize",
		TokenURL:  f.srv.URL + "/login/oauth/access_token",
		AuthStyle: oauth2.AuthStyleInParams,
	}
}

// learn takes the challenge and redirect_uri of an authorize URL's query, as
// GitHub keeps them with the code it issues.
func (f *fakeGitHub) learn(q url.Values) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.challenges[q.Get("code_challenge")] = true
	f.redirectURI = q.Get("redirect_uri")
}

func (f *fakeGitHub) callCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

// setAnswer replaces GitHub's answer (nil: back to GitHub's).
func (f *fakeGitHub) setAnswer(answer func(w http.ResponseWriter, r *http.Request)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.answer = answer
}

func (f *fakeGitHub) token(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls++
	redirectURI, answer := f.redirectURI, f.answer
	f.mu.Unlock()
	if answer != nil {
		answer(w, r)
		return
	}
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	f.mu.Lock()
	known := f.challenges[base64.RawURLEncoding.EncodeToString(sum[:])]
	f.mu.Unlock()
	if !known {
		f.t.Errorf("token exchange: code_verifier %q matches no authorize URL's challenge", r.PostForm.Get("code_verifier"))
	}
	for _, check := range []struct{ name, got, want string }{
		{"method", r.Method, http.MethodPost},
		{"grant_type", r.PostForm.Get("grant_type"), "authorization_code"},
		{"client_id", r.PostForm.Get("client_id"), testClientID},
		{"client_secret", r.PostForm.Get("client_secret"), testClientSecret},
		{"redirect_uri", r.PostForm.Get("redirect_uri"), redirectURI},
	} {
		if check.got != check.want {
			f.t.Errorf("token exchange: %s = %q, want %q", check.name, check.got, check.want)
		}
	}
	answer = tokenAnswer
	if r.PostForm.Get("code") != testCode {
		answer = badCodeAnswer
	}
	answer(w, r)
}

// githubAnswer writes fields as GitHub's token endpoint does: form-encoded
// by default, JSON when the request's Accept asks for it (both in
// "Authorizing OAuth apps", step 2: "By default, the response takes the
// following form ... You can also receive the response in different
// formats if you provide the format in the Accept header").
func githubAnswer(w http.ResponseWriter, r *http.Request, fields [][2]string) {
	if strings.Contains(r.Header.Get("Accept"), "application/json") {
		obj := map[string]string{}
		for _, kv := range fields {
			obj[kv[0]] = kv[1]
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_ = json.NewEncoder(w).Encode(obj)
		return
	}
	v := url.Values{}
	for _, kv := range fields {
		v.Set(kv[0], kv[1])
	}
	w.Header().Set("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
	_, _ = io.WriteString(w, v.Encode())
}

// tokenAnswer is the documented success answer ("Authorizing OAuth apps",
// step 2: access_token, scope, token_type).
func tokenAnswer(w http.ResponseWriter, r *http.Request) {
	githubAnswer(w, r, [][2]string{{"access_token", testToken}, {"scope", "repo"}, {"token_type", "bearer"}})
}

// badCodeAnswer is GitHub's answer to a bad or expired code: status 200 with
// an error ("Troubleshooting OAuth app access token request errors",
// https://docs.github.com/en/apps/oauth-apps/maintaining-oauth-apps/troubleshooting-oauth-app-access-token-request-errors#bad-verification-code).
func badCodeAnswer(w http.ResponseWriter, r *http.Request) {
	githubAnswer(w, r, [][2]string{{"error", "bad_verification_code"}, {"error_description", "The code passed is incorrect or expired."},
		{"error_uri", "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code"}})
}

// signInEnv is a sign-in handler against the fake, with its log captured.
type signInEnv struct {
	h    http.Handler
	fake *fakeGitHub
	logs *bytes.Buffer
}

func newSignInEnv(t *testing.T, mutate func(*Config)) *signInEnv {
	t.Helper()
	fake := newFakeGitHub(t)
	logs := &bytes.Buffer{}
	cfg := Config{
		Site: siteWith(buildConfig),
		Backend: Backend{GitHub: &GitHub{
			ClientID: testClientID, ClientSecret: testClientSecret, Repo: "veldhaven/site",
		}},
		SiteURL:         "https://www.example.com",
		Endpoint:        fake.endpoint(),
		ExchangeTimeout: 2 * time.Second,
		Logger:          slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	if mutate != nil {
		mutate(&cfg)
	}
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Whatever happened, no secret reached the log.
		for _, secret := range []string{testClientSecret, testToken, testCode} {
			if strings.Contains(logs.String(), secret) {
				t.Errorf("log holds %q:\n%s", secret, logs.String())
			}
		}
	})
	return &signInEnv{h: e.SignIn(), fake: fake, logs: logs}
}

func get(h http.Handler, target string, mutate func(*http.Request)) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, target, nil)
	if mutate != nil {
		mutate(r)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// start runs /admin/auth as Decap's popup does and returns the state cookie
// and the authorize URL's query; the fake learns the PKCE challenge.
func (env *signInEnv) start(t *testing.T, target string) (*http.Cookie, url.Values) {
	t.Helper()
	rec := get(env.h, target, nil)
	if rec.Code != http.StatusFound {
		t.Fatalf("auth: status %d, want 302: %s", rec.Code, rec.Body)
	}
	loc, err := url.Parse(rec.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 {
		t.Fatalf("auth: %d cookies, want the state cookie", len(cookies))
	}
	q := loc.Query()
	env.fake.learn(q)
	return cookies[0], q
}

func TestAuthRedirectsToGitHub(t *testing.T) {
	tests := []struct {
		name       string
		siteURL    string // SITE_URL; the site's origin comes from it alone
		target     string
		tls        bool
		secure     bool // -hsts
		wantScope  string
		wantOrigin string
		wantSecure bool
	}{
		// TLS ends in front of the server: the https origin of SITE_URL makes the cookie Secure.
		{name: "Decap's request", siteURL: "https://www.example.com", target: "http://www.example.com/admin/auth?provider=github&site_id=www.example.com&scope=repo",
			wantScope: "repo", wantOrigin: "https://www.example.com", wantSecure: true},
		{name: "no scope", siteURL: "https://www.example.com", target: "http://www.example.com/admin/auth?provider=github",
			wantScope: "repo", wantOrigin: "https://www.example.com", wantSecure: true},
		{name: "public_repo", siteURL: "https://www.example.com", target: "http://www.example.com/admin/auth?provider=github&scope=public_repo",
			wantScope: "public_repo", wantOrigin: "https://www.example.com", wantSecure: true},
		{name: "over TLS", siteURL: "https://staging.example.com", target: "https://staging.example.com/admin/auth?provider=github", tls: true,
			wantScope: "repo", wantOrigin: "https://staging.example.com", wantSecure: true},
		{name: "behind TLS (-hsts) with an http SITE_URL", siteURL: "http://staging.example.com", target: "http://staging.example.com/admin/auth?provider=github", secure: true,
			wantScope: "repo", wantOrigin: "https://staging.example.com", wantSecure: true},
		{name: "plain http", siteURL: "http://localhost:8080", target: "http://localhost:8080/admin/auth?provider=github",
			wantScope: "repo", wantOrigin: "http://localhost:8080"},
		// The Host header no longer picks the origin.
		{name: "Host of another name", siteURL: "https://www.example.com", target: "http://evil.example/admin/auth?provider=github",
			wantScope: "repo", wantOrigin: "https://www.example.com", wantSecure: true},
		{name: "Host of another name over TLS", siteURL: "http://localhost:8080", target: "https://evil.example/admin/auth?provider=github", tls: true,
			wantScope: "repo", wantOrigin: "http://localhost:8080"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newSignInEnv(t, func(c *Config) { c.Secure, c.SiteURL = tt.secure, tt.siteURL })
			rec := get(env.h, tt.target, func(r *http.Request) {
				if !tt.tls {
					r.TLS = nil
				} else if r.TLS == nil {
					r.TLS = &tls.ConnectionState{}
				}
			})
			if rec.Code != http.StatusFound {
				t.Fatalf("status %d, want 302", rec.Code)
			}
			loc, err := url.Parse(rec.Header().Get("Location"))
			if err != nil {
				t.Fatal(err)
			}
			if got := loc.Scheme + "://" + loc.Host + loc.Path; got != "https://github.example/login/oauth/authorize" {
				t.Errorf("redirect to %s, want GitHub's authorize URL", got)
			}
			q := loc.Query()
			cookies := rec.Result().Cookies()
			if len(cookies) != 1 {
				t.Fatalf("cookies %v, want one", cookies)
			}
			c := cookies[0]
			// state.verifier.expires.mac (state.go)
			parts := strings.Split(c.Value, ".")
			if len(parts) != 4 {
				t.Fatalf("state cookie %q, want state.verifier.expires.mac", c.Value)
			}
			state, verifier := parts[0], parts[1]
			want := map[string]string{
				"client_id":             testClientID,
				"response_type":         "code",
				"scope":                 tt.wantScope,
				"redirect_uri":          tt.wantOrigin + "/admin/callback",
				"state":                 state,
				"code_challenge_method": "S256",
				"code_challenge":        oauth2.S256ChallengeFromVerifier(verifier),
				"allow_signup":          "false",
			}
			for k, v := range want {
				if q.Get(k) != v {
					t.Errorf("%s = %q, want %q", k, q.Get(k), v)
				}
			}
			if len(state) < 26 || len(verifier) < 43 {
				t.Errorf("state %q or verifier %q too short to be random enough", state, verifier)
			}
			if strings.Contains(loc.String(), testClientSecret) || strings.Contains(loc.String(), verifier) {
				t.Error("the client secret or the PKCE verifier is in the authorize URL")
			}
			// https: __Host- (Secure, Path=/, no Domain: no other host can plant it); http: scoped to /admin/.
			wantName, wantPath := "cms_oauth", "/admin/"
			if tt.wantSecure {
				wantName, wantPath = "__Host-cms_oauth", "/"
			}
			if c.Name != wantName || c.Path != wantPath || c.Domain != "" || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode ||
				c.MaxAge != 600 || c.Secure != tt.wantSecure {
				t.Errorf("cookie %+v: want %s, HttpOnly, SameSite=Lax, Path=%s, Max-Age=600, Secure=%v", c, wantName, wantPath, tt.wantSecure)
			}
			if strings.Contains(rec.Header().Get("Location"), "evil") || strings.Contains(rec.Body.String(), "evil") {
				t.Error("the request's Host reached the redirect")
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control %q", cc)
			}
			if coop := rec.Header().Get("Cross-Origin-Opener-Policy"); coop != "unsafe-none" {
				t.Errorf("COOP %q: a policy on the way to GitHub would sever the popup from the editor", coop)
			}
		})
	}
}

func TestAuthFreshStateEachTime(t *testing.T) {
	env := newSignInEnv(t, nil)
	a, _ := env.start(t, "/admin/auth?provider=github")
	b, _ := env.start(t, "/admin/auth?provider=github")
	if a.Value == b.Value {
		t.Fatal("two sign-ins got the same state and verifier")
	}
}

func TestAuthRefuses(t *testing.T) {
	tests := []struct{ name, target, want string }{
		{"other provider", "/admin/auth?provider=gitlab&scope=repo", "GitHub only"},
		{"no provider", "/admin/auth?scope=repo", "GitHub only"},
		{"wider scope", "/admin/auth?provider=github&scope=repo,user", "scope must be repo or public_repo"},
		{"admin scope", "/admin/auth?provider=github&scope=admin:org", "scope must be repo or public_repo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newSignInEnv(t, nil)
			rec := get(env.h, tt.target, nil)
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", rec.Code)
			}
			if !strings.Contains(rec.Body.String(), tt.want) || rec.Header().Get("Location") != "" || len(rec.Result().Cookies()) != 0 {
				t.Errorf("body %q, Location %q, cookies %v", rec.Body, rec.Header().Get("Location"), rec.Result().Cookies())
			}
			page := parseHandshake(t, rec)
			if !strings.HasPrefix(page.result, "authorization:github:error:") {
				t.Errorf("result %q, want Decap's error message", page.result)
			}
		})
	}
}

// handshakePageParts is what a handshake page holds.
type handshakePageParts struct {
	script, origin, result, orphan string
}

var scriptRe = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// parseHandshake checks a handshake page's policy against its one inline
// script and returns the values the script was given.
func parseHandshake(t *testing.T, rec *httptest.ResponseRecorder) handshakePageParts {
	t.Helper()
	body := rec.Body.String()
	if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	m := scriptRe.FindAllStringSubmatch(body, -1)
	if len(m) != 1 {
		t.Fatalf("%d inline scripts, want 1: %s", len(m), body)
	}
	script := m[0][1]
	csp := rec.Header().Get("Content-Security-Policy")
	sum := sha256.Sum256([]byte(script))
	wantScriptSrc := "script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "';"
	if !strings.Contains(csp, wantScriptSrc) || !strings.HasPrefix(csp, "default-src 'none';") ||
		strings.Contains(csp, "unsafe") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q does not allow exactly the page's script (%s)", csp, wantScriptSrc)
	}
	styles := regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindAllStringSubmatch(body, -1)
	if len(styles) != 1 || !strings.Contains(csp, "style-src "+cspHash(styles[0][1])+";") {
		t.Errorf("CSP %q does not allow exactly the page's style", csp)
	}
	vars := regexp.MustCompile(`var origin = ("(?:[^"\\]|\\.)*"), result = ("(?:[^"\\]|\\.)*"), orphan = ("(?:[^"\\]|\\.)*");`).FindStringSubmatch(script)
	if vars == nil {
		t.Fatalf("script without its values: %s", script)
	}
	var p handshakePageParts
	p.script = script
	for i, dst := range []*string{&p.origin, &p.result, &p.orphan} {
		if err := json.Unmarshal([]byte(vars[i+1]), dst); err != nil {
			t.Fatalf("value %d: %v", i, err)
		}
	}
	// Every postMessage goes to the origin variable, never "*".
	if n := strings.Count(script, "postMessage("); n != 2 || strings.Count(script, ", origin);") != 2 || strings.Contains(script, `"*"`) {
		t.Errorf("postMessage targets: %s", script)
	}
	if !strings.Contains(script, `e.origin !== origin || e.source !== window.opener || e.data !== "authorizing:github"`) {
		t.Errorf("the script answers messages it has not checked: %s", script)
	}
	if rec.Header().Get("Cache-Control") != "no-store" || rec.Header().Get("Cross-Origin-Opener-Policy") != "unsafe-none" {
		t.Errorf("headers %v", rec.Header())
	}
	return p
}

func TestCallbackSuccess(t *testing.T) {
	tests := []struct {
		name, siteURL, host string
		secure              bool
		origin              string
	}{
		{"the site's host", "https://www.example.com", "www.example.com", false, "https://www.example.com"},
		{"behind TLS", "http://staging.example.com", "staging.example.com", true, "https://staging.example.com"},
		{"local", "http://localhost:8080", "localhost:8080", false, "http://localhost:8080"},
		{"Host of another name", "https://www.example.com", "evil.example", false, "https://www.example.com"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newSignInEnv(t, func(c *Config) { c.Secure, c.SiteURL = tt.secure, tt.siteURL })
			cookie, q := env.start(t, "http://"+tt.host+"/admin/auth?provider=github&scope=repo")
			rec := get(env.h, "http://"+tt.host+"/admin/callback?code="+testCode+"&state="+url.QueryEscape(q.Get("state")),
				func(r *http.Request) { r.AddCookie(cookie) })
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			p := parseHandshake(t, rec)
			if p.origin != tt.origin {
				t.Errorf("target origin %q, want %q", p.origin, tt.origin)
			}
			if want := `authorization:github:success:{"token":"` + testToken + `","provider":"github"}`; p.result != want {
				t.Errorf("result %q, want %q", p.result, want)
			}
			// The token is in the script and nowhere else.
			body := rec.Body.String()
			if strings.Count(body, testToken) != 1 || !strings.Contains(p.script, testToken) {
				t.Errorf("token appears %d times, want once, in the script", strings.Count(body, testToken))
			}
			for k, v := range rec.Header() {
				if strings.Contains(strings.Join(v, " "), testToken) {
					t.Errorf("token in header %s", k)
				}
			}
			if !strings.Contains(p.orphan, "not opened by the editor") {
				t.Errorf("orphan note %q", p.orphan)
			}
			if cleared := rec.Result().Cookies(); len(cleared) != 1 || cleared[0].Name != cookie.Name || cleared[0].MaxAge >= 0 {
				t.Errorf("state cookie not cleared: %v", cleared)
			}
			if env.fake.callCount() != 1 {
				t.Errorf("%d token exchanges, want 1", env.fake.callCount())
			}
			if !strings.Contains(env.logs.String(), `"result":"ok"`) {
				t.Errorf("no log line for the sign-in: %s", env.logs)
			}
		})
	}
}

// TestCallbackFailures: no token, a page saying why, Decap told the same.
func TestCallbackFailures(t *testing.T) {
	type setup struct {
		env    *signInEnv
		cookie *http.Cookie
		state  string
	}
	tests := []struct {
		name       string
		query      func(s setup) string
		noCookie   bool
		answer     func(w http.ResponseWriter, r *http.Request) // the token endpoint's answer
		status     int
		message    string
		reason     string // in the log
		exchanges  int
		exchangeTO time.Duration
	}{
		{
			name:    "state mismatch",
			query:   func(s setup) string { return "code=" + testCode + "&state=" + "AAAAAAAAAAAAAAAAAAAAAAAAAA" },
			status:  400,
			message: "did not start in this browser",
			reason:  "state_mismatch",
		},
		{
			name:     "no state cookie",
			query:    func(s setup) string { return "code=" + testCode + "&state=" + s.state },
			noCookie: true,
			status:   400,
			message:  "did not start in this browser",
			reason:   "state_mismatch",
		},
		{
			name:    "no state parameter",
			query:   func(s setup) string { return "code=" + testCode },
			status:  400,
			message: "did not start in this browser",
			reason:  "state_mismatch",
		},
		{
			name:    "missing code",
			query:   func(s setup) string { return "state=" + s.state },
			status:  400,
			message: "did not send an authorization code",
			reason:  "no_code",
		},
		{
			name: "cancelled on GitHub",
			query: func(s setup) string {
				return "error=access_denied&error_description=The+user+has+denied+your+application+access.&state=" + s.state
			},
			status:  403,
			message: "cancelled on GitHub: The user has denied your application access.",
			reason:  "provider_access_denied",
		},
		{
			name:    "provider error",
			query:   func(s setup) string { return "error=redirect_uri_mismatch&state=" + s.state },
			status:  502,
			message: "GitHub refused the sign-in",
			reason:  "provider_redirect_uri_mismatch",
		},
		{
			name:      "code refused in the exchange",
			query:     func(s setup) string { return "code=stale-code&state=" + s.state },
			status:    502,
			message:   "did not confirm the sign-in (bad_verification_code)",
			reason:    "exchange_bad_verification_code",
			exchanges: 1,
		},
		{
			name:  "token endpoint fails",
			query: func(s setup) string { return "code=" + testCode + "&state=" + s.state },
			answer: func(w http.ResponseWriter, r *http.Request) {
				http.Error(w, "access_token="+testToken, http.StatusInternalServerError)
			},
			status:    502,
			message:   "did not confirm the sign-in",
			reason:    "exchange_status_500",
			exchanges: 1,
		},
		{
			name:  "token endpoint answers without a token",
			query: func(s setup) string { return "code=" + testCode + "&state=" + s.state },
			answer: func(w http.ResponseWriter, r *http.Request) {
				githubAnswer(w, r, [][2]string{{"token_type", "bearer"}})
			},
			status:    502,
			message:   "did not confirm the sign-in",
			reason:    "exchange_failed",
			exchanges: 1,
		},
		{
			name:       "token endpoint too slow",
			query:      func(s setup) string { return "code=" + testCode + "&state=" + s.state },
			answer:     func(w http.ResponseWriter, r *http.Request) { time.Sleep(300 * time.Millisecond) },
			exchangeTO: 50 * time.Millisecond,
			status:     504,
			message:    "did not confirm the sign-in in time",
			reason:     "exchange_timeout",
			exchanges:  1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newSignInEnv(t, func(c *Config) {
				if tt.exchangeTO > 0 {
					c.ExchangeTimeout = tt.exchangeTO
				}
			})
			env.fake.setAnswer(tt.answer)
			cookie, q := env.start(t, "http://www.example.com/admin/auth?provider=github")
			target := "http://www.example.com/admin/callback?" + tt.query(setup{env, cookie, url.QueryEscape(q.Get("state"))})
			rec := get(env.h, target, func(r *http.Request) {
				if !tt.noCookie {
					r.AddCookie(cookie)
				}
			})
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			p := parseHandshake(t, rec)
			if !strings.Contains(rec.Body.String(), tt.message) {
				t.Errorf("page does not say %q: %s", tt.message, rec.Body)
			}
			if !strings.HasPrefix(p.result, "authorization:github:error:") {
				t.Fatalf("result %q, want Decap's error", p.result)
			}
			var decapErr struct{ Message string }
			if err := json.Unmarshal([]byte(strings.TrimPrefix(p.result, "authorization:github:error:")), &decapErr); err != nil ||
				!strings.Contains(decapErr.Message, tt.message) {
				t.Errorf("Decap's error %q (%v), want the page's message", p.result, err)
			}
			if p.origin != "https://www.example.com" {
				t.Errorf("target origin %q", p.origin)
			}
			if strings.Contains(rec.Body.String(), testToken) || strings.Contains(rec.Body.String(), "token\":") {
				t.Error("a failed sign-in page holds a token")
			}
			if got := env.fake.callCount(); got != tt.exchanges {
				t.Errorf("%d token exchanges, want %d", got, tt.exchanges)
			}
			if !strings.Contains(env.logs.String(), `"reason":"`+tt.reason+`"`) {
				t.Errorf("log lacks reason %q: %s", tt.reason, env.logs)
			}
			if cleared := rec.Result().Cookies(); len(cleared) != 1 || cleared[0].MaxAge >= 0 {
				t.Errorf("state cookie not cleared: %v", cleared)
			}
		})
	}
}

// TestCallbackStateIsSpent: a state cookie works once; replaying the
// callback without it fails.
func TestCallbackStateIsSpent(t *testing.T) {
	env := newSignInEnv(t, nil)
	cookie, q := env.start(t, "/admin/auth?provider=github")
	target := "/admin/callback?code=" + testCode + "&state=" + url.QueryEscape(q.Get("state"))
	first := get(env.h, target, func(r *http.Request) { r.AddCookie(cookie) })
	if first.Code != 200 {
		t.Fatalf("first: %d", first.Code)
	}
	// The browser drops the cookie as told; a replay comes without it.
	second := get(env.h, target, nil)
	if second.Code != 400 || strings.Contains(second.Body.String(), testToken) {
		t.Fatalf("replay: %d", second.Code)
	}
}

func TestCallbackEscapesWhatGitHubSends(t *testing.T) {
	env := newSignInEnv(t, nil)
	cookie, q := env.start(t, "/admin/auth?provider=github")
	marker := `</script><script>alert(1)</script>` + "\u2028"
	rec := get(env.h, "/admin/callback?error=x%3Cy&error_description="+url.QueryEscape(marker)+"&state="+url.QueryEscape(q.Get("state")),
		func(r *http.Request) { r.AddCookie(cookie) })
	body := rec.Body.String()
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "x<y") {
		t.Fatalf("reflected unescaped: %s", body)
	}
	p := parseHandshake(t, rec)
	// A raw U+2028 ends a line in older JavaScript parsers: escaped in the script.
	if strings.Contains(p.script, "\u2028") {
		t.Errorf("raw U+2028 in the script: %q", p.script)
	}
	if !strings.Contains(p.result, "alert(1)") {
		t.Errorf("the description should reach Decap as text: %q", p.result)
	}
}

func TestSignInMethods(t *testing.T) {
	env := newSignInEnv(t, nil)
	for _, p := range []string{AuthPath, CallbackPath} {
		r := httptest.NewRequest(http.MethodPost, p, nil)
		rec := httptest.NewRecorder()
		env.h.ServeHTTP(rec, r)
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("POST %s: %d", p, rec.Code)
		}
	}
}

// TestSignInHostileRequests: whatever comes in, no token, no unescaped
// payload, no redirect but to GitHub, no cookie but the state's.
func TestSignInHostileRequests(t *testing.T) {
	const marker = `<script>alert(1)</script>`
	esc := url.QueryEscape
	tests := []struct {
		name, target string
		cookie       string // __Host-cms_oauth value (the test site is https)
	}{
		{"provider payload", "/admin/auth?provider=" + esc(marker), ""},
		{"scope payload", "/admin/auth?provider=github&scope=" + esc(marker), ""},
		{"scope header injection", "/admin/auth?provider=github&scope=repo%0d%0aSet-Cookie:%20x=1", ""},
		{"empty cookie", "/admin/callback?code=" + testCode + "&state=", "."},
		{"cookie without verifier", "/admin/callback?code=" + testCode + "&state=abc", "abc"},
		{"cookie state, other state", "/admin/callback?code=" + testCode + "&state=abd", "abc.verifier"},
		{"state payload", "/admin/callback?code=" + testCode + "&state=" + esc(marker), marker + ".v"},
		{"code payload", "/admin/callback?code=" + esc(marker) + "&state=abc", "abc.verifier"},
		{"error payload", "/admin/callback?error=" + esc(marker) + "&error_description=" + esc(marker) + "&state=abc", "abc.verifier"},
		{"long description", "/admin/callback?error=x&error_description=" + strings.Repeat("a", 5000) + "&state=abc", "abc.verifier"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newSignInEnv(t, nil)
			// GitHub refuses every code here (none came from an authorize step).
			env.fake.setAnswer(badCodeAnswer)
			rec := get(env.h, tt.target, func(r *http.Request) {
				if tt.cookie != "" {
					r.Header.Set("Cookie", "__Host-cms_oauth="+tt.cookie)
				}
			})
			if rec.Code < 400 {
				t.Fatalf("status %d, want an error", rec.Code)
			}
			body := rec.Body.String()
			if strings.Contains(body, marker) || strings.Contains(body, testToken) || len(body) > 8000 {
				t.Fatalf("body %.300s", body)
			}
			if loc := rec.Header().Get("Location"); loc != "" {
				t.Errorf("Location %q", loc)
			}
			for _, c := range rec.Result().Cookies() {
				if c.Name != "__Host-cms_oauth" || c.MaxAge >= 0 {
					t.Errorf("cookie %v", c)
				}
			}
		})
	}
}
