package insights

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/veldhaven/site/internal/fakelinkedin"
	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/sealedtoken"
)

var testTokenKey = []byte("0123456789abcdef0123456789abcdef")

// reconnectEnv is a feed whose environment token LinkedIn refuses
// (expired), with the app's credentials, a data dir and, unless edit says
// otherwise, a token key.
func reconnectEnv(t *testing.T, edit func(*Config)) *fakeEnv {
	t.Helper()
	dir := t.TempDir()
	env := newFakeEnv(t, "202401", "", time.Now(), func(c *Config) {
		c.ClientID, c.ClientSecret, c.TokenKey, c.DataDir = "app-id", "app-secret", testTokenKey, dir
		if edit != nil {
			edit(c)
		}
	})
	env.fake.RequireToken("only-a-token-nobody-has", "", false)
	env.fake.RegisterApp("app-id", "app-secret", false, "https://site.example/admin/linkedin/callback")
	env.step() // the environment's token is refused
	if c := env.svc.Connection(); c.Problem != string(linkedin.KindUnauthorized) {
		t.Fatalf("before: problem %q, want unauthorized", c.Problem)
	}
	return env
}

// reconnect runs Reconnect and, when it succeeded, waits for the refresh
// it asks for.
func (env *fakeEnv) reconnect(t *testing.T, g Grant) error {
	t.Helper()
	err := env.svc.Reconnect(context.Background(), g)
	if err == nil {
		env.wait = env.timer.next(t)
	}
	return err
}

// TestReconnect: a page admin's token replaces the refused one, is kept
// sealed and survives a restart; anything else changes nothing.
func TestReconnect(t *testing.T) {
	expires := time.Now().Add(60 * 24 * time.Hour).Truncate(time.Second)
	t.Run("page admin", func(t *testing.T) {
		env := reconnectEnv(t, nil)
		g := Grant{AccessToken: env.fake.IssueToken(fakelinkedin.MemberPageAdmin), ExpiresAt: expires}
		if err := env.reconnect(t, g); err != nil {
			t.Fatal(err)
		}
		c := env.svc.Connection()
		if c.Problem != "" || !c.Reconnected || !c.ExpiresAt.Equal(expires) || c.LastRefresh.IsZero() {
			t.Fatalf("after: %+v", c)
		}
		var m dto.Metric
		if err := env.svc.reconnects.WithLabelValues("ok").Write(&m); err != nil || m.GetCounter().GetValue() != 1 {
			t.Errorf("reconnects ok %v %v", m.GetCounter().GetValue(), err)
		}
		raw, err := os.ReadFile(filepath.Join(env.cfg.DataDir, sealedtoken.File))
		if err != nil || bytes.Contains(raw, []byte(g.AccessToken)) {
			t.Fatalf("stored: %v, plain text %v", err, bytes.Contains(raw, []byte(g.AccessToken)))
		}
		env.restart(t)
		env.step()
		if c := env.svc.Connection(); c.Problem != "" || !c.Reconnected || !c.ExpiresAt.Equal(expires) {
			t.Fatalf("after a restart: %+v", c)
		}
		// A token put in the environment after the reconnect is newer.
		env.cfg.AccessToken = "a-newer-token-by-hand"
		env.restart(t)
		if c := env.svc.Connection(); c.Reconnected {
			t.Fatalf("a changed environment token lost to the stored one: %+v", c)
		}
	})
	for _, tc := range []struct {
		name  string
		edit  func(*Config)
		grant func(*fakelinkedin.Fake) Grant
		want  error
	}{
		{"not a page admin", nil, func(f *fakelinkedin.Fake) Grant { return Grant{AccessToken: f.IssueToken(fakelinkedin.MemberNotAdmin)} }, ErrNotPageAdmin},
		{"an ad agency that reads the posts", nil, func(f *fakelinkedin.Fake) Grant { return Grant{AccessToken: f.IssueToken(fakelinkedin.MemberAdPoster)} }, ErrNotPageAdmin},
		{"another page's admin", nil, func(f *fakelinkedin.Fake) Grant {
			return Grant{AccessToken: f.IssueToken(fakelinkedin.MemberOtherAdmin)}
		}, ErrNotPageAdmin},
		{"no token key", func(c *Config) { c.TokenKey = nil }, func(f *fakelinkedin.Fake) Grant {
			return Grant{AccessToken: f.IssueToken(fakelinkedin.MemberPageAdmin)}
		}, sealedtoken.ErrNoKey},
		{"no app credentials", func(c *Config) { c.ClientID, c.ClientSecret = "", "" }, func(f *fakelinkedin.Fake) Grant {
			return Grant{AccessToken: f.IssueToken(fakelinkedin.MemberPageAdmin)}
		}, ErrNoClient},
		{"a token LinkedIn does not know", nil, func(*fakelinkedin.Fake) Grant { return Grant{AccessToken: "made-up"} }, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := reconnectEnv(t, tc.edit)
			before := env.fake.Calls("posts")
			err := env.reconnect(t, tc.grant(env.fake))
			if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			if tc.want != nil && tc.want != ErrNotPageAdmin && env.fake.Calls("posts") != before {
				t.Error("LinkedIn was asked although the reconnect could not be kept")
			}
			if c := env.svc.Connection(); c.Reconnected || c.Problem != string(linkedin.KindUnauthorized) {
				t.Fatalf("the feed changed: %+v", c)
			}
			if _, err := os.Stat(filepath.Join(env.cfg.DataDir, sealedtoken.File)); !errors.Is(err, os.ErrNotExist) {
				t.Error("a token was stored")
			}
		})
	}
}

// TestReconnectReportsTheCheck: once a page admin's token has read the
// page, the connection no longer reports the replaced token's refusal,
// even before the refresh the reconnect starts has concluded (the page
// right after a reconnect says it works); a later failure shows again.
func TestReconnectReportsTheCheck(t *testing.T) {
	env := reconnectEnv(t, nil)
	token := env.fake.IssueToken(fakelinkedin.MemberPageAdmin)
	release := make(chan struct{})
	held := make(chan struct{})
	var calls atomic.Int32
	env.mu.Lock()
	env.hold = func(r *http.Request) {
		// The first read of the posts with the new token is the refresh
		// the reconnect starts (the check reads its roles): kept waiting
		// until released.
		if r.Header.Get("Authorization") == "Bearer "+token && strings.HasPrefix(r.URL.Path, "/rest/posts") && calls.Add(1) == 1 {
			close(held)
			<-release
		}
	}
	env.mu.Unlock()
	if err := env.svc.Reconnect(context.Background(), Grant{AccessToken: token, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	<-held
	if c := env.svc.Connection(); c.Problem != "" || !c.Reconnected {
		close(release)
		t.Fatalf("after the check, before the refresh: %+v", c)
	}
	close(release)
	env.wait = env.timer.next(t)
	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.Outage = true })
	env.step()
	if c := env.svc.Connection(); c.Problem == "" {
		t.Fatalf("a failure after the reconnect is not reported: %+v", c)
	}
}

// TestReconnectLeavesTheBudget: the check is made when the feed's daily
// budget is spent, and takes none of it.
func TestReconnectLeavesTheBudget(t *testing.T) {
	env := reconnectEnv(t, func(c *Config) { c.DailyCalls = MinDailyCalls })
	for env.svc.budget.Take("posts") == nil {
	}
	_, used := env.svc.budget.Snapshot()
	if err := env.reconnect(t, Grant{AccessToken: env.fake.IssueToken(fakelinkedin.MemberPageAdmin)}); err != nil {
		t.Fatal(err)
	}
	if _, now := env.svc.budget.Snapshot(); now != used {
		t.Fatalf("budget used %d, was %d", now, used)
	}
}

// TestExchange: a code is exchanged once at the token endpoint; a second
// time LinkedIn says invalid_grant.
func TestExchange(t *testing.T) {
	env := reconnectEnv(t, nil)
	const redirect = "https://site.example/admin/linkedin/callback"
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	q := url.Values{"client_id": {"app-id"}, "redirect_uri": {redirect}, "state": {"s"}, "member": {fakelinkedin.MemberPageAdmin}}
	res, err := noFollow.Get(strings.TrimSuffix(env.cfg.TokenURL, "/accessToken") + "/authorization/decide?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	loc, _ := url.Parse(res.Header.Get("Location"))
	code := loc.Query().Get("code")
	g, err := env.svc.Exchange(context.Background(), code, redirect)
	if err != nil || g.AccessToken == "" || g.ExpiresAt.Before(time.Now().Add(59*24*time.Hour)) || g.RefreshToken != "" {
		t.Fatalf("%+v %v", g, err)
	}
	_, err = env.svc.Exchange(context.Background(), code, redirect)
	if ue := asUpstream(err); ue == nil || ue.Code != "invalid_grant" {
		t.Fatalf("second exchange: %v, want invalid_grant", err)
	}
	if env.fake.Calls("exchange") != 2 {
		t.Fatalf("%d exchanges", env.fake.Calls("exchange"))
	}
}

// TestTokenExpiryMetric: absent while the expiry is unknown, the expiry
// once a reconnect told it.
func TestTokenExpiryMetric(t *testing.T) {
	env := reconnectEnv(t, nil)
	if mfs, _ := env.reg.Gather(); hasFamily(mfs, TokenExpiryMetric) {
		t.Fatal("a series before the expiry is known")
	}
	expires := time.Now().Add(20 * 24 * time.Hour).Truncate(time.Second)
	if err := env.reconnect(t, Grant{AccessToken: env.fake.IssueToken(fakelinkedin.MemberPageAdmin), ExpiresAt: expires}); err != nil {
		t.Fatal(err)
	}
	mfs, err := env.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != TokenExpiryMetric {
			continue
		}
		m := mf.GetMetric()
		if len(m) != 1 || m[0].GetGauge().GetValue() != float64(expires.Unix()) || m[0].GetLabel()[0].GetValue() != "reconnect" {
			t.Fatalf("series %v", m)
		}
		return
	}
	t.Fatal("no expiry after the reconnect")
}

func hasFamily(mfs []*dto.MetricFamily, name string) bool {
	for _, mf := range mfs {
		if mf.GetName() == name {
			return true
		}
	}
	return false
}

// TestPastedTokenExpiry: with the app's credentials, the owner learns a
// pasted token's expiry from LinkedIn's introspection at start, so the
// connection and the metric know it without a reconnect; a revoked token,
// an answer without expires_at, a token LinkedIn does not know or wrong
// app credentials leave it unknown, and the feed works as before.
func TestPastedTokenExpiry(t *testing.T) {
	const pasted = "AQV-pasted-from-the-developer-portal"
	for _, tc := range []struct {
		name  string
		edit  func(*fakelinkedin.Fake, *Config)
		known bool
	}{
		{"pasted", nil, true},
		{"revoked", func(f *fakelinkedin.Fake, _ *Config) { f.RevokeToken(pasted) }, false},
		{"no expires_at", func(f *fakelinkedin.Fake, _ *Config) { f.Set(func(b *fakelinkedin.Behaviour) { b.OmitExpiry = true }) }, false},
		{"unknown to LinkedIn", func(f *fakelinkedin.Fake, c *Config) { c.AccessToken = "never-issued"; f.RequireToken("", "", false) }, false},
		{"wrong app secret", func(_ *fakelinkedin.Fake, c *Config) { c.ClientSecret = "not-the-secret" }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newFakeEnv(t, "202401", "", time.Now(), nil)
			env.fake.RegisterApp("app-id", "app-secret", false, "https://site.example/admin/linkedin/callback")
			env.fake.RequireToken(pasted, "", false)
			env.cfg.AccessToken, env.cfg.ClientID, env.cfg.ClientSecret = pasted, "app-id", "app-secret"
			if tc.edit != nil {
				tc.edit(env.fake, &env.cfg)
			}
			start := time.Now()
			env.restart(t)
			waitFor(t, func() bool { return env.fake.Calls("introspect") == 1 })
			waitFor(t, func() bool { return !tc.known || !env.svc.Connection().ExpiresAt.IsZero() })
			time.Sleep(20 * time.Millisecond) // an answer that tells nothing is in too
			got := env.svc.Connection().ExpiresAt
			want := start.Add(fakelinkedin.PastedTokenDays * 24 * time.Hour)
			mfs, err := env.reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			if !tc.known {
				if !got.IsZero() || hasFamily(mfs, TokenExpiryMetric) {
					t.Fatalf("expiry %v, metric %v: want unknown", got, hasFamily(mfs, TokenExpiryMetric))
				}
				return
			}
			if got.Before(want.Add(-2*time.Second)) || got.After(want.Add(2*time.Second)) {
				t.Fatalf("expiry %v, want about %v", got, want)
			}
			for _, mf := range mfs {
				if mf.GetName() == TokenExpiryMetric {
					m := mf.GetMetric()
					if len(m) != 1 || m[0].GetGauge().GetValue() != float64(got.Unix()) || m[0].GetLabel()[0].GetValue() != "environment" {
						t.Fatalf("series %v", m)
					}
					return
				}
			}
			t.Fatal("no expiry metric")
		})
	}
}
