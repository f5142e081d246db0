package editor

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/veldhaven/site/internal/clientaddr"
	"github.com/veldhaven/site/internal/oauthstate"
	"github.com/veldhaven/site/internal/ratelimit"
	"github.com/veldhaven/site/internal/server"
)

// Against the server's real handler chain on loopback
// (internal/server with this package's sign-in, as cmd/site wires them):
// the callback exchanges a code only for a state this site signed, once,
// within a budget, with a client that follows no redirect.

const chainStateKey = "chain-test-state-key-0123456789abcdef"

// syncBuffer is a log the server's goroutines write to at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// chainEnv is the site served on loopback with the GitHub sign-in pointed
// at the fake token endpoint.
type chainEnv struct {
	site   *httptest.Server
	fake   *fakeGitHub
	logs   *syncBuffer
	client *http.Client
}

func newChainEnv(t *testing.T, mutate func(*Config)) *chainEnv {
	t.Helper()
	fake := newFakeGitHub(t)
	logs := &syncBuffer{}
	logger := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	site := siteWith(buildConfig)
	site["index.html"] = &fstest.MapFile{Data: []byte("<!DOCTYPE html><title>Home</title><h1>Home</h1>")}
	site["404.html"] = &fstest.MapFile{Data: []byte("<!DOCTYPE html><title>Not found</title><h1>This page does not exist</h1>")}
	cfg := Config{
		Site: site,
		Backend: Backend{GitHub: &GitHub{
			ClientID: testClientID, ClientSecret: testClientSecret, Repo: "veldhaven/site", StateKey: chainStateKey,
		}},
		SiteURL:         "https://www.example.com",
		Endpoint:        fake.endpoint(),
		ExchangeTimeout: 2 * time.Second,
		Logger:          logger,
	}
	if mutate != nil {
		mutate(&cfg)
	}
	ed, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, err := server.New(server.Config{
		Site: site, SiteURL: cfg.SiteURL, Logger: logger, Registry: prometheus.NewRegistry(),
		Editor:         server.Editor{ConfigYAML: ed.ConfigYAML(), SignIn: ed.SignIn(), ConnectSources: ed.ConnectSources()},
		TrustedProxies: clientaddr.Proxies{netip.MustParsePrefix("127.0.0.0/8")}, // the ingress controller
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		for _, secret := range []string{testClientSecret, testToken, testCode, chainStateKey} {
			if strings.Contains(logs.String(), secret) {
				t.Errorf("log holds %q", secret)
			}
		}
	})
	client := &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport:     &http.Transport{MaxIdleConnsPerHost: 64},
	}
	t.Cleanup(client.CloseIdleConnections)
	return &chainEnv{site: srv, fake: fake, logs: logs, client: client}
}

// start begins a sign-in as Decap's popup does: the state cookie and the
// state of the authorize URL, which the fake learns.
func (env *chainEnv) start(t *testing.T) (cookie *http.Cookie, state string) {
	t.Helper()
	res, err := env.client.Get(env.site.URL + "/admin/auth?provider=github&scope=repo")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	loc, err := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusFound || err != nil || len(res.Cookies()) != 1 {
		t.Fatalf("auth: %d, Location %q, cookies %v", res.StatusCode, res.Header.Get("Location"), res.Cookies())
	}
	env.fake.learn(loc.Query())
	return res.Cookies()[0], loc.Query().Get("state")
}

// callbackResult is what the callback answered.
type callbackResult struct {
	status     int
	retryAfter string
	body       string
	setCookie  []string
}

// callback comes back from GitHub with code and state, sending cookie (its
// raw value, as a request may make it up).
func (env *chainEnv) callback(t *testing.T, code, state, cookie string) callbackResult {
	t.Helper()
	return env.callbackFrom(t, "", code, state, cookie)
}

// callbackFrom is callback from the client at address forwarded, as the
// ingress controller (on loopback here) names it in X-Forwarded-For.
func (env *chainEnv) callbackFrom(t *testing.T, forwarded, code, state, cookie string) callbackResult {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, env.site.URL+"/admin/callback?code="+url.QueryEscape(code)+"&state="+url.QueryEscape(state), nil)
	if cookie != "" {
		req.Header.Set("Cookie", "__Host-"+stateCookie+"="+cookie)
	}
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	res, err := env.client.Do(req)
	if err != nil {
		t.Error(err)
		return callbackResult{}
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return callbackResult{res.StatusCode, res.Header.Get("Retry-After"), string(body), res.Header.Values("Set-Cookie")}
}

// TestChainForgedStateCookie: the issue's request (a cookie the request
// makes up, no visit to /admin/auth) and every other cookie this site did
// not sign as it is are refused with no call to the token endpoint.
func TestChainForgedStateCookie(t *testing.T) {
	env := newChainEnv(t, nil)
	genuine, state := env.start(t)
	other, otherState := env.start(t)
	parts := strings.Split(genuine.Value, ".")
	otherParts := strings.Split(other.Value, ".")
	longer := strconv.FormatInt(time.Now().Add(time.Hour).Unix(), 10)
	past := oauthstate.Signer{Key: []byte(chainStateKey), Purpose: stateMACContext, Age: stateCookieAge, Now: func() time.Time { return time.Now().Add(-stateCookieAge - time.Second) }}
	foreign := oauthstate.Signer{Key: []byte("another-key-of-another-site-0123456789"), Purpose: stateMACContext, Age: stateCookieAge, Now: time.Now}
	for _, tc := range []struct {
		name, state, cookie, reason string
	}{
		{"the issue's cookie", "a", "a.b", "state_malformed"},
		{"state and verifier of our choosing", "a", "a.b." + longer + ".AAAA", "state_forged"},
		{"signed by another key", "s", foreign.Issue("s", "v"), "state_forged"},
		{"another state with this cookie's MAC", otherState, strings.Join([]string{otherState, parts[1], parts[2], parts[3]}, "."), "state_forged"},
		{"another verifier", state, strings.Join([]string{parts[0], otherParts[1], parts[2], parts[3]}, "."), "state_forged"},
		{"a later expiry", state, strings.Join([]string{parts[0], parts[1], longer, parts[3]}, "."), "state_forged"},
		{"expired", "s", past.Issue("s", "v"), "state_expired"},
		{"signed, other state in the query", otherState, genuine.Value, "state_mismatch"},
		{"no cookie", state, "", "state_mismatch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := env.callback(t, testCode, tc.state, tc.cookie)
			if got.status != http.StatusBadRequest || !strings.Contains(got.body, "did not start in this browser") {
				t.Errorf("status %d, want 400 and the page that says so: %.300s", got.status, got.body)
			}
			if !strings.Contains(env.logs.String(), `"reason":"`+tc.reason+`"`) {
				t.Errorf("log lacks reason %s", tc.reason)
			}
		})
	}
	if n := env.fake.callCount(); n != 0 {
		t.Fatalf("%d calls to the token endpoint, want 0", n)
	}
	// The genuine cookie still works: nothing above spent it.
	if got := env.callback(t, testCode, state, genuine.Value); got.status != http.StatusOK || !strings.Contains(got.body, testToken) {
		t.Fatalf("genuine sign-in: %d %.300s", got.status, got.body)
	}
}

// TestChainReplayedStateCookie: a signed cookie kept and sent again after
// its sign-in (the browser drops it; an attacker need not) makes no second
// call, whether the first exchange worked or GitHub refused the code.
func TestChainReplayedStateCookie(t *testing.T) {
	for _, tc := range []struct {
		name, code string
		first      int
	}{
		{"after a sign-in", testCode, http.StatusOK},
		{"after a refused code", "stale-code", http.StatusBadGateway},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newChainEnv(t, nil)
			cookie, state := env.start(t)
			if got := env.callback(t, tc.code, state, cookie.Value); got.status != tc.first {
				t.Fatalf("first use: %d, want %d", got.status, tc.first)
			}
			for range 3 {
				if got := env.callback(t, testCode, state, cookie.Value); got.status != http.StatusBadRequest || strings.Contains(got.body, testToken) {
					t.Fatalf("replay: %d %.300s", got.status, got.body)
				}
			}
			if n := env.fake.callCount(); n != 1 {
				t.Fatalf("%d calls to the token endpoint, want 1", n)
			}
			if !strings.Contains(env.logs.String(), `"reason":"state_replayed"`) {
				t.Errorf("log lacks state_replayed")
			}
		})
	}
}

// TestChainReplayedAtOnce: one cookie sent by many requests at once makes
// one exchange.
func TestChainReplayedAtOnce(t *testing.T) {
	env := newChainEnv(t, nil)
	cookie, state := env.start(t)
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() { env.callback(t, testCode, state, cookie.Value) })
	}
	wg.Wait()
	if n := env.fake.callCount(); n != 1 {
		t.Fatalf("%d calls to the token endpoint, want 1", n)
	}
}

// TestChainExchangeBudget: 200 callbacks with 200 signed states (visiting
// /admin/auth costs nothing) make at most the budget's exchanges; the rest
// get 429 with Retry-After.
func TestChainExchangeBudget(t *testing.T) {
	const burst = 5
	env := newChainEnv(t, func(c *Config) {
		c.Exchanges = ExchangeLimits{Concurrent: 2, All: ratelimit.Rate{Burst: burst, Every: time.Hour}}
	})
	type signIn struct {
		cookie *http.Cookie
		state  string
	}
	signIns := make([]signIn, 200)
	for i := range signIns {
		signIns[i].cookie, signIns[i].state = env.start(t)
	}
	results := make([]callbackResult, len(signIns))
	var wg sync.WaitGroup
	for i, s := range signIns {
		wg.Go(func() { results[i] = env.callback(t, testCode, s.state, s.cookie.Value) })
	}
	wg.Wait()
	ok, limited := 0, 0
	for _, r := range results {
		switch r.status {
		case http.StatusOK:
			ok++
		case http.StatusTooManyRequests:
			limited++
			if n, err := strconv.Atoi(r.retryAfter); err != nil || n < 1 {
				t.Errorf("429 with Retry-After %q", r.retryAfter)
			}
			if !strings.Contains(r.body, "Too many sign-ins") {
				t.Errorf("429 page: %.300s", r.body)
			}
		default:
			t.Errorf("status %d", r.status)
		}
	}
	calls := env.fake.callCount()
	if calls > burst || calls != ok || ok+limited != len(signIns) {
		t.Fatalf("%d exchanges, %d signed in, %d refused with 429: want at most %d exchanges, the rest 429", calls, ok, limited, burst)
	}
	if ok == 0 {
		t.Fatal("no sign-in got through")
	}
}

// TestChainAFloodFromOneAddress: a stranger who keeps the sign-in busy
// from one address (signed states cost nothing, about 12 exchanges a
// minute emptied the budget before) spends that address's budget only:
// staff behind the same ingress sign in at once. Writing the staff's
// address into X-Forwarded-For does not spend theirs either.
func TestChainAFloodFromOneAddress(t *testing.T) {
	env := newChainEnv(t, func(c *Config) { c.Exchanges = ExchangeLimits{All: ratelimit.Rate{Burst: 10, Every: time.Hour}} })
	const stranger, staff = "203.0.113.7", "198.51.100.20"
	limited := 0
	for range 60 {
		cookie, state := env.start(t)
		if got := env.callbackFrom(t, staff+", "+stranger, testCode, state, cookie.Value); got.status == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited < 60-DefaultExchangePerClient.Burst {
		t.Fatalf("%d of 60 callbacks from one address refused, want all past its %d", limited, DefaultExchangePerClient.Burst)
	}
	for i := range DefaultExchangePerClient.Burst {
		cookie, state := env.start(t)
		if got := env.callbackFrom(t, staff, testCode, state, cookie.Value); got.status != http.StatusOK {
			t.Fatalf("the staff member's sign-in %d during the flood: %d: %.300s", i+1, got.status, got.body)
		}
	}
}

// TestChainAHandfulOfAddresses: strangers at a handful of addresses, each
// spending its own budget with the default limits, leave the shared burst
// to staff at another.
func TestChainAHandfulOfAddresses(t *testing.T) {
	env := newChainEnv(t, nil)
	for i := range 8 {
		stranger := fmt.Sprintf("203.0.113.%d", i+1)
		for range DefaultExchangePerClient.Burst + 2 {
			cookie, state := env.start(t)
			env.callbackFrom(t, stranger, testCode, state, cookie.Value)
		}
	}
	cookie, state := env.start(t)
	if got := env.callbackFrom(t, "198.51.100.20", testCode, state, cookie.Value); got.status != http.StatusOK {
		t.Fatalf("the staff member's sign-in after 8 addresses' tries: %d: %.300s", got.status, got.body)
	}
}

// TestChainCookieKeptOnATooMany: a sign-in refused for the budget keeps
// its state cookie, and the same callback succeeds after Retry-After.
func TestChainCookieKeptOnATooMany(t *testing.T) {
	env := newChainEnv(t, func(c *Config) {
		c.Exchanges = ExchangeLimits{PerClient: ratelimit.Rate{Burst: 1, Every: 300 * time.Millisecond}}
	})
	first, firstState := env.start(t)
	if got := env.callback(t, testCode, firstState, first.Value); got.status != http.StatusOK || len(got.setCookie) != 1 || !strings.Contains(got.setCookie[0], "Max-Age=0") {
		t.Fatalf("first sign-in: %d, Set-Cookie %q: want 200 and the spent state dropped", got.status, got.setCookie)
	}
	cookie, state := env.start(t)
	got := env.callback(t, testCode, state, cookie.Value)
	if got.status != http.StatusTooManyRequests || len(got.setCookie) != 0 {
		t.Fatalf("over the budget: %d, Set-Cookie %q: want 429 and the state kept", got.status, got.setCookie)
	}
	time.Sleep(350 * time.Millisecond)
	if got := env.callback(t, testCode, state, cookie.Value); got.status != http.StatusOK {
		t.Errorf("the same callback after the wait: %d: %.300s", got.status, got.body)
	}
}

// TestChainExchangeConcurrency: with exchanges in flight up to the cap,
// the next callback gets 429 at once; a hanging token endpoint times out
// (504) and frees its slot.
func TestChainExchangeConcurrency(t *testing.T) {
	env := newChainEnv(t, func(c *Config) {
		c.Exchanges = ExchangeLimits{Concurrent: 1, All: ratelimit.Rate{Burst: 100, Every: time.Second}}
		c.ExchangeTimeout = 300 * time.Millisecond
	})
	arrived := make(chan struct{}, 10)
	env.fake.setAnswer(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // then net/http notices the client hang up
		arrived <- struct{}{}
		select { // GitHub never answers
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	first, firstState := env.start(t)
	second, secondState := env.start(t)
	hung := make(chan callbackResult, 1)
	begin := time.Now()
	go func() { hung <- env.callback(t, testCode, firstState, first.Value) }()
	<-arrived
	// The one slot is taken: the next callback does not wait for it.
	busy := env.callback(t, testCode, secondState, second.Value)
	if busy.status != http.StatusTooManyRequests || busy.retryAfter != "1" {
		t.Errorf("while the slot is taken: %d Retry-After %q, want 429 and 1", busy.status, busy.retryAfter)
	}
	got := <-hung
	if got.status != http.StatusGatewayTimeout || time.Since(begin) > 3*time.Second {
		t.Errorf("hanging endpoint: %d after %v, want 504 after the 300 ms timeout", got.status, time.Since(begin))
	}
	// The slot is free again and the refused state unspent.
	env.fake.setAnswer(nil)
	if got := env.callback(t, testCode, secondState, second.Value); got.status != http.StatusOK {
		t.Errorf("after the timeout: %d, want 200: %.300s", got.status, got.body)
	}
	if n := env.fake.callCount(); n != 2 {
		t.Errorf("%d calls, want 2", n)
	}
}

// TestChainRedirectNotFollowed: a token endpoint that answers 307 or 308
// (which would resend the POST body, the client secret in it) or 302 is not
// followed: nothing reaches the target, the sign-in fails with 502.
func TestChainRedirectNotFollowed(t *testing.T) {
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect, http.StatusFound} {
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			var mu sync.Mutex
			var reached []string
			elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				mu.Lock()
				reached = append(reached, r.Method+" "+string(body))
				mu.Unlock()
				tokenAnswer(w, r)
			}))
			defer elsewhere.Close()
			env := newChainEnv(t, nil)
			env.fake.setAnswer(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, elsewhere.URL+"/login/oauth/access_token", status)
			})
			cookie, state := env.start(t)
			got := env.callback(t, testCode, state, cookie.Value)
			if got.status != http.StatusBadGateway || strings.Contains(got.body, testToken) {
				t.Errorf("status %d, want 502 without a token", got.status)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(reached) != 0 {
				t.Errorf("the redirect was followed: %q", reached)
			}
			if !strings.Contains(env.logs.String(), `"reason":"exchange_redirected"`) {
				t.Errorf("log lacks exchange_redirected: %s", env.logs)
			}
		})
	}
}

// TestChainTokenAnswerBounded: an answer over maxTokenAnswer is refused,
// with or without a Content-Length, though a token is in it.
func TestChainTokenAnswerBounded(t *testing.T) {
	padding := strings.Repeat("x", 200<<10)
	for _, tc := range []struct {
		name   string
		answer func(w http.ResponseWriter, r *http.Request)
		reason string
	}{
		{"with Content-Length", func(w http.ResponseWriter, r *http.Request) {
			body := "access_token=" + testToken + "&token_type=bearer&padding=" + padding
			w.Header().Set("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			_, _ = io.WriteString(w, body)
		}, "exchange_too_large"},
		{"chunked", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
			_, _ = io.WriteString(w, "access_token="+testToken+"&token_type=bearer&padding=")
			for range 200 {
				_, _ = io.WriteString(w, strings.Repeat("x", 1<<10))
				w.(http.Flusher).Flush()
			}
		}, "exchange_failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newChainEnv(t, nil)
			env.fake.setAnswer(tc.answer)
			cookie, state := env.start(t)
			if got := env.callback(t, testCode, state, cookie.Value); got.status != http.StatusBadGateway || strings.Contains(got.body, testToken) {
				t.Errorf("status %d, want 502 without the token", got.status)
			}
			if !strings.Contains(env.logs.String(), `"reason":"`+tc.reason+`"`) {
				t.Errorf("log lacks %s", tc.reason)
			}
		})
	}
}

// TestExchangeClientIgnoresProxies: the exchange's transport has no Proxy
// function, so HTTPS_PROXY and the like cannot send the client secret
// elsewhere. (Go never proxies loopback, so a fake proxy cannot show it.)
func TestExchangeClientIgnoresProxies(t *testing.T) {
	env := newSignInEnv(t, nil)
	c := env.h.(*signIn).cfg.client
	capped, ok := c.Transport.(*cappedTransport)
	if !ok {
		t.Fatalf("transport %T, want the capped exchange transport", c.Transport)
	}
	tr, ok := capped.base.(*http.Transport)
	if !ok || tr.Proxy != nil {
		t.Fatalf("transport %T with a Proxy function: the proxy variables would apply", capped.base)
	}
	if c.Timeout <= 0 || c.CheckRedirect == nil {
		t.Errorf("client without a timeout (%v) or a redirect policy", c.Timeout)
	}
}

// TestStateKeyAcrossReplicas: with CMS_STATE_KEY the same on every replica,
// a sign-in that starts on one ends on another; with a key of each
// process's own it cannot (and the start says so in the log).
func TestStateKeyAcrossReplicas(t *testing.T) {
	for _, tc := range []struct {
		name   string
		key    string
		status int
	}{
		{"CMS_STATE_KEY set", chainStateKey, http.StatusOK},
		{"a key per process", "", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			replica := func() *signInEnv {
				return newSignInEnv(t, func(c *Config) { c.Backend.GitHub.StateKey = tc.key })
			}
			a, b := replica(), replica()
			cookie, q := a.start(t, "/admin/auth?provider=github")
			b.fake.learn(q)
			rec := get(b.h, "/admin/callback?code="+testCode+"&state="+url.QueryEscape(q.Get("state")),
				func(r *http.Request) { r.AddCookie(cookie) })
			if rec.Code != tc.status {
				t.Fatalf("callback on the other replica: %d, want %d", rec.Code, tc.status)
			}
			noted := strings.Contains(a.logs.String(), EnvStateKey+" is not set")
			if noted != (tc.key == "") {
				t.Errorf("start log notes the missing key: %v, want %v: %s", noted, tc.key == "", a.logs)
			}
		})
	}
}
