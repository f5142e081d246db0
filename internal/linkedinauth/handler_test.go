package linkedinauth

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/clientaddr"
	"github.com/veldhaven/site/internal/insights"
	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/oauthstate"
	"github.com/veldhaven/site/internal/ratelimit"
	"github.com/veldhaven/site/internal/sealedtoken"
)

var testNow = time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)

// feedDouble records what the handler asks of the feed.
type feedDouble struct {
	mu                        sync.Mutex
	conn                      insights.Connection
	exchanges                 []string // codes
	redirects                 []string
	exchangeErr, reconnectErr error
	reconnected               []insights.Grant
}

func (f *feedDouble) Connection() insights.Connection {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.conn
}

func (f *feedDouble) Exchange(_ context.Context, code, redirectURI string) (insights.Grant, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.exchanges, f.redirects = append(f.exchanges, code), append(f.redirects, redirectURI)
	if f.exchangeErr != nil {
		return insights.Grant{}, f.exchangeErr
	}
	return insights.Grant{AccessToken: "new-" + code, ExpiresAt: testNow.Add(60 * 24 * time.Hour)}, nil
}

func (f *feedDouble) Reconnect(_ context.Context, g insights.Grant) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.reconnectErr != nil {
		return f.reconnectErr
	}
	f.reconnected = append(f.reconnected, g)
	f.conn.Reconnected, f.conn.ExpiresAt, f.conn.Problem = true, g.ExpiresAt, ""
	return nil
}

func configured() insights.Connection {
	return insights.Connection{LinkedIn: true, Organization: "urn:li:organization:10482193", ClientID: "app-id", CanStore: true,
		Problem: "unauthorized", Refreshed: true, LastRefresh: testNow.Add(-70 * 24 * time.Hour)}
}

const testKey = "state-key-0123456789abcdef0123456789"

func newHandler(t *testing.T, feed *feedDouble, edit func(*Config)) *Handler {
	t.Helper()
	cfg := Config{Feed: feed, SiteURL: "https://www.veldhaven.example", AuthURL: "https://linkedin.example/oauth/v2/authorization",
		StateKey: []byte(testKey), Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return testNow }}
	if edit != nil {
		edit(&cfg)
	}
	h, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func serve(h http.Handler, target string, cookie *http.Cookie, remote string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if cookie != nil {
		req.AddCookie(cookie)
	}
	if remote != "" {
		req.RemoteAddr = remote
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// connect starts a flow and returns its cookie and state.
func connect(t *testing.T, h *Handler) (*http.Cookie, string) {
	t.Helper()
	rec := serve(h, ConnectPath, nil, "")
	if rec.Code != http.StatusFound {
		t.Fatalf("connect: %d %s", rec.Code, rec.Body)
	}
	loc, _ := url.Parse(rec.Header().Get("Location"))
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 {
		t.Fatalf("cookies %v", cookies)
	}
	return cookies[0], loc.Query().Get("state")
}

// TestConnect: LinkedIn's authorization URL with every parameter, and a
// secure, HttpOnly, host-only cookie; nothing when reconnecting cannot work.
func TestConnect(t *testing.T) {
	feed := &feedDouble{conn: configured()}
	h := newHandler(t, feed, nil)
	rec := serve(h, ConnectPath, nil, "")
	loc, err := url.Parse(rec.Header().Get("Location"))
	if rec.Code != http.StatusFound || err != nil {
		t.Fatalf("%d %v", rec.Code, err)
	}
	q := loc.Query()
	if loc.Host != "linkedin.example" || loc.Path != "/oauth/v2/authorization" || q.Get("response_type") != "code" || q.Get("client_id") != "app-id" ||
		q.Get("redirect_uri") != "https://www.veldhaven.example/admin/linkedin/callback" || q.Get("scope") != "r_organization_social r_organization_admin" || len(q.Get("state")) < 20 {
		t.Fatalf("authorization URL %s", loc)
	}
	c := rec.Result().Cookies()[0]
	if c.Name != "__Host-linkedin_oauth" || c.Path != "/" || !c.Secure || !c.HttpOnly || c.Domain != "" || c.MaxAge != 600 {
		t.Fatalf("cookie %+v", c)
	}
	for _, tc := range []struct {
		name string
		conn insights.Connection
		want string
	}{
		{"sample feed", insights.Connection{}, "sample posts"},
		{"no app credentials", func() insights.Connection { c := configured(); c.ClientID = ""; return c }(), "LINKEDIN_CLIENT_ID"},
		{"no key", func() insights.Connection { c := configured(); c.CanStore = false; return c }(), "LINKEDIN_TOKEN_KEY"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHandler(t, &feedDouble{conn: tc.conn}, nil)
			rec := serve(h, ConnectPath, nil, "")
			if rec.Code != http.StatusServiceUnavailable || len(rec.Result().Cookies()) != 0 || !strings.Contains(html.UnescapeString(rec.Body.String()), tc.want) {
				t.Fatalf("%d %v %s", rec.Code, rec.Result().Cookies(), rec.Body)
			}
		})
	}
}

// TestCallbackRefusals: every callback this browser did not start, or
// LinkedIn did not end with a code, is refused with its reason, and no
// code goes to LinkedIn.
func TestCallbackRefusals(t *testing.T) {
	feed := &feedDouble{conn: configured()}
	h := newHandler(t, feed, nil)
	genuine, state := connect(t, h)
	other, otherState := connect(t, h)
	parts := strings.Split(genuine.Value, ".")
	editorsSigner := oauthstate.Signer{Key: []byte(testKey), Purpose: "veldhaven editor sign-in state v1\x00", Age: stateAge, Now: func() time.Time { return testNow }}
	past := oauthstate.Signer{Key: []byte(testKey), Purpose: statePurpose, Age: stateAge, Now: func() time.Time { return testNow.Add(-11 * time.Minute) }}
	withValue := func(v string) *http.Cookie { return &http.Cookie{Name: genuine.Name, Value: v} }
	for _, tc := range []struct {
		name   string
		query  string
		cookie *http.Cookie
		status int
		text   string
	}{
		{"no cookie (a forged callback)", "code=c&state=" + state, nil, 400, "did not start in this browser"},
		{"a cookie the request made up", "code=c&state=a", withValue("a.b.9999999999.AAAA"), 400, "did not start in this browser"},
		{"the editor's sign-in cookie", "code=c&state=s", withValue(editorsSigner.Issue("s", "v")), 400, "did not start in this browser"},
		{"expired", "code=c&state=s", withValue(past.Issue("s", "linkedin")), 400, "longer than 10 minutes"},
		{"another flow's state", "code=c&state=" + otherState, genuine, 400, "did not start in this browser"},
		{"another flow's MAC", "code=c&state=" + otherState, withValue(otherState + "." + strings.Join(parts[1:], ".")), 400, "did not start in this browser"},
		{"cancelled sign-in", "error=user_cancelled_login&error_description=The+user+cancelled+LinkedIn+login&state=" + state, genuine, 403, "sign-in was cancelled"},
		{"declined", "error=user_cancelled_authorize&error_description=The+user+cancelled+the+authorization&state=" + otherState, other, 403, "permission was not given"},
		{"another error", "error=invalid_scope%3Cb%3E&state=" + state, genuine, 502, "(invalid_scopeb)"},
		{"no code", "state=" + state, genuine, 400, "sent no authorization"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := serve(h, CallbackPath+"?"+tc.query, tc.cookie, "")
			if rec.Code != tc.status || !strings.Contains(html.UnescapeString(rec.Body.String()), tc.text) || !strings.Contains(html.UnescapeString(rec.Body.String()), "Nothing was changed") {
				t.Fatalf("%d, want %d with %q: %s", rec.Code, tc.status, tc.text, rec.Body)
			}
			if cleared := rec.Result().Cookies(); len(cleared) != 1 || cleared[0].MaxAge >= 0 {
				t.Errorf("the state cookie is not cleared: %v", cleared)
			}
		})
	}
	if len(feed.exchanges) != 0 {
		t.Fatalf("codes went to LinkedIn: %v", feed.exchanges)
	}
}

// TestCallback: the code is exchanged once with the callback's own
// redirect_uri and the token handed to the feed; a second use of the same
// state, and what the feed refuses, say why and keep the old token.
func TestCallback(t *testing.T) {
	feed := &feedDouble{conn: configured()}
	h := newHandler(t, feed, nil)
	cookie, state := connect(t, h)
	rec := serve(h, CallbackPath+"?code=the-code&state="+state, cookie, "")
	if rec.Code != http.StatusOK || !strings.Contains(html.UnescapeString(rec.Body.String()), "LinkedIn reconnected") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if len(feed.exchanges) != 1 || feed.exchanges[0] != "the-code" || feed.redirects[0] != "https://www.veldhaven.example/admin/linkedin/callback" || len(feed.reconnected) != 1 {
		t.Fatalf("exchanges %v %v, reconnected %v", feed.exchanges, feed.redirects, feed.reconnected)
	}
	if rec := serve(h, CallbackPath+"?code=the-code&state="+state, cookie, ""); rec.Code != http.StatusBadRequest || len(feed.exchanges) != 1 {
		t.Fatalf("replay: %d, %d exchanges", rec.Code, len(feed.exchanges))
	}
	for _, tc := range []struct {
		name                      string
		exchangeErr, reconnectErr error
		status                    int
		text                      string
	}{
		{"not a page admin", nil, fmt.Errorf("%w: 403", insights.ErrNotPageAdmin), 403, "not an admin of the firm's page (urn:li:organization:10482193)"},
		{"no key", nil, sealedtoken.ErrNoKey, 503, "LINKEDIN_TOKEN_KEY"},
		{"code expired or used", oauthError("invalid_grant"), nil, 502, "had expired or was already used"},
		{"app refused", oauthError("invalid_client"), nil, 502, "tell the site's owner"},
		{"timeout", context.DeadlineExceeded, nil, 504, "did not answer in time"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feed := &feedDouble{conn: configured(), exchangeErr: tc.exchangeErr, reconnectErr: tc.reconnectErr}
			h := newHandler(t, feed, nil)
			cookie, state := connect(t, h)
			rec := serve(h, CallbackPath+"?code=c&state="+state, cookie, "")
			if rec.Code != tc.status || !strings.Contains(html.UnescapeString(rec.Body.String()), tc.text) || !strings.Contains(html.UnescapeString(rec.Body.String()), "Nothing was changed") {
				t.Fatalf("%d, want %d with %q: %s", rec.Code, tc.status, tc.text, rec.Body)
			}
			if feed.conn.Reconnected {
				t.Fatal("the feed's token changed")
			}
		})
	}
}

// oauthError is what insights returns for a refusal of the token endpoint.
func oauthError(code string) error {
	return &linkedin.Error{Endpoint: "exchange", Kind: linkedin.KindUnauthorized, Status: 400, Code: code}
}

// TestCallbackBudget: callbacks that reach LinkedIn are bounded per client
// address (behind the proxies clientaddr trusts, the address they report)
// and in all.
func TestCallbackBudget(t *testing.T) {
	feed := &feedDouble{conn: configured()}
	h := newHandler(t, feed, func(c *Config) {
		c.Limits = Limits{PerClient: ratelimit.Rate{Burst: 2, Every: time.Hour}, All: ratelimit.Rate{Burst: 3, Every: time.Hour}}
	})
	try := func(remote, xff string) int {
		cookie, state := connect(t, h)
		req := httptest.NewRequest(http.MethodGet, CallbackPath+"?code=c&state="+state, nil)
		req.AddCookie(cookie)
		req.RemoteAddr = remote
		if xff != "" {
			req.Header.Set("X-Forwarded-For", xff)
		}
		rec := httptest.NewRecorder()
		// The server believes X-Forwarded-For from the proxies named (internal/server).
		clientaddr.Proxies{netip.MustParsePrefix("10.0.0.0/8")}.Wrap(h).ServeHTTP(rec, req)
		return rec.Code
	}
	for i, tc := range []struct {
		remote, xff string
		want        int
	}{
		{"10.1.1.1:1", "198.51.100.7", 200},
		{"10.1.1.2:1", "198.51.100.7", 200},              // another replica, the same visitor
		{"10.1.1.1:1", "198.51.100.7", 429},              // that visitor's two are spent
		{"10.1.1.1:1", "203.0.113.9, 198.51.100.7", 429}, // a made-up first hop changes nothing
		{"192.0.2.1:1", "198.51.100.8", 200},             // an untrusted peer's header is ignored
		{"10.1.1.1:1", "198.51.100.9", 429},              // the common budget is spent
	} {
		if got := try(tc.remote, tc.xff); got != tc.want {
			t.Fatalf("callback %d from %s (%s): %d, want %d", i, tc.remote, tc.xff, got, tc.want)
		}
	}
	if len(feed.exchanges) != 3 {
		t.Fatalf("%d exchanges, want 3", len(feed.exchanges))
	}
}

// TestAStrangerCannotSpendTheReconnects: one address that sends a garbage
// code with a state of its own every ten seconds for a day spends its own
// tries only; a page admin at another address reconnects every hour.
func TestAStrangerCannotSpendTheReconnects(t *testing.T) {
	now := testNow
	feed := &feedDouble{conn: configured(), exchangeErr: oauthError("invalid_grant")}
	h := newHandler(t, feed, func(c *Config) { c.Now = func() time.Time { return now } })
	try := func(remote, code string) int {
		cookie, state := connect(t, h)
		return serve(h, CallbackPath+"?code="+code+"&state="+state, cookie, remote).Code
	}
	refused := 0
	for i := range 6 * 60 * 24 {
		if try("198.51.100.66:4000", "garbage") == http.StatusTooManyRequests {
			refused++
		}
		if i%360 == 0 {
			if got := try("203.0.113.5:5000", "admin"); got == http.StatusTooManyRequests {
				t.Fatalf("after %v of garbage, the page admin was refused: %d", time.Duration(i)*10*time.Second, got)
			}
		}
		now = now.Add(10 * time.Second)
	}
	if refused == 0 {
		t.Fatal("the stranger was never refused")
	}
	garbage := 0
	for _, c := range feed.exchanges {
		if c == "garbage" {
			garbage++
		}
	}
	perDay := DefaultPerClient.Burst + int(24*time.Hour/DefaultPerClient.Every)
	if garbage > perDay {
		t.Fatalf("%d exchanges of the stranger's codes in a day, want at most %d", garbage, perDay)
	}
	if DefaultAll.Every >= DefaultPerClient.Every {
		t.Fatalf("the shared pool refills every %v, no faster than one address's every %v", DefaultAll.Every, DefaultPerClient.Every)
	}
}

// TestPageAndStatus: the page says the connection's state in words, under
// a policy that allows its own style only; the status JSON flags a failing
// connection or one that expires within 14 days.
func TestPageAndStatus(t *testing.T) {
	expiring := configured()
	expiring.Problem, expiring.ExpiresAt, expiring.Reconnected = "", testNow.Add(10*24*time.Hour), true
	fine := expiring
	fine.ExpiresAt = testNow.Add(50 * 24 * time.Hour)
	expired := fine
	expired.ExpiresAt = testNow.Add(-time.Hour)
	noApp := configured()
	noApp.ClientID = ""
	for _, tc := range []struct {
		name      string
		conn      insights.Connection
		page      []string
		attention bool
		message   string
		known     bool
	}{
		{"refused", configured(), []string{"Not working. LinkedIn refuses the feed", "LinkedIn page 10482193", "Unknown: the site's owner set this connection up by hand. Reconnect once", ">Reconnect LinkedIn</a>", "1 November 2026"}, true, "not working", false},
		{"expiring", expiring, []string{"Working", `<dd class="bad-text">20 January 2027, 12:00 UTC (in 10 days). Reconnect before then`}, true, "expires within 14 days", true},
		{"fine", fine, []string{"Working", "<dd>1 March 2027, 12:00 UTC (in 50 days).</dd>"}, false, "Working", true},
		{"expired", expired, []string{`<dd class="bad-text">Expired on 10 January 2027, 11:00 UTC`}, true, "has expired", true},
		{"no app", noApp, []string{"Unknown: the site's owner set this connection up by hand.</dd>", "not set up on this site yet: ask the site's owner"}, true, "not working", false},
		{"sample", insights.Connection{}, []string{"sample posts"}, false, "sample posts", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHandler(t, &feedDouble{conn: tc.conn}, nil)
			rec := serve(h, PagePath, nil, "")
			body := html.UnescapeString(rec.Body.String())
			for _, want := range tc.page {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %q", want)
				}
			}
			if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "style-src "+styleHash) || strings.Contains(csp, "unsafe") || strings.Contains(csp, "script-src") {
				t.Errorf("policy %q", csp)
			}
			if strings.Contains(body, "<script") {
				t.Error("the page has a script")
			}
			rec = serve(h, StatusPath, nil, "")
			raw := rec.Body.String()
			var s statusJSON
			if err := json.Unmarshal([]byte(raw), &s); err != nil || s.Attention != tc.attention || s.ExpiryKnown != tc.known || !strings.Contains(s.Message, tc.message) || s.URL != PagePath {
				t.Fatalf("status %+v %v", s, err)
			}
			// A stranger learns whether to act, not when or which page.
			for _, secret := range []string{"2026", "2027", "10482193", "expiresAt", "lastRefresh", "organization"} {
				if strings.Contains(raw, secret) {
					t.Errorf("status says %q: %s", secret, raw)
				}
			}
		})
	}
}

// TestStatusSaysAStaleFeed: feedStale follows the feed's own staleness.
func TestStatusSaysAStaleFeed(t *testing.T) {
	for _, stale := range []bool{false, true} {
		conn := configured()
		conn.Stale = stale
		rec := serve(newHandler(t, &feedDouble{conn: conn}, nil), StatusPath, nil, "")
		var s map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &s); err != nil || s["feedStale"] != stale {
			t.Fatalf("stale %v: status %s %v", stale, rec.Body, err)
		}
		for _, k := range []string{"linkedIn", "works", "attention", "message", "url"} {
			if _, ok := s[k]; !ok {
				t.Errorf("status lacks %q", k)
			}
		}
	}
}

// TestMethods: nothing but GET and HEAD.
func TestMethods(t *testing.T) {
	h := newHandler(t, &feedDouble{conn: configured()}, nil)
	for _, p := range []string{PagePath, ConnectPath, CallbackPath, StatusPath} {
		req := httptest.NewRequest(http.MethodPost, p, strings.NewReader("x"))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("POST %s: %d", p, rec.Code)
		}
	}
	req := httptest.NewRequest(http.MethodHead, PagePath, nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if b, _ := io.ReadAll(rec.Body); rec.Code != 200 || len(b) != 0 {
		t.Errorf("HEAD: %d with %d bytes", rec.Code, len(b))
	}
}

// TestIcon: the page names the site's icon, so the tab shows the firm's
// mark and the browser asks for no /favicon.ico (a 404 on every visit); an
// icon elsewhere than this site is refused.
func TestIcon(t *testing.T) {
	h := newHandler(t, &feedDouble{conn: configured()}, func(c *Config) { c.IconURL = "/_astro/veldhaven-mark.abc.svg" })
	if body := serve(h, PagePath, nil, "").Body.String(); !strings.Contains(body, `<link rel="icon" href="/_astro/veldhaven-mark.abc.svg">`) {
		t.Error("the page has no icon link")
	}
	for _, icon := range []string{"https://cdn.example/i.svg", "//cdn.example/i.svg", "icon.svg"} {
		cfg := Config{Feed: &feedDouble{}, SiteURL: "https://www.veldhaven.example", StateKey: []byte(testKey), Logger: slog.New(slog.DiscardHandler), IconURL: icon}
		if _, err := New(cfg); err == nil {
			t.Errorf("icon %q accepted", icon)
		}
	}
}
