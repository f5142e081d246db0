package linkedin

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/fakelinkedin"
)

// noFollow is a client that follows no redirect, as the feed's.
var noFollow = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func fake(t *testing.T) (*fakelinkedin.Fake, string) {
	t.Helper()
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	f := fakelinkedin.New(srv.URL, "202401", "", 0)
	srv.Config.Handler = f.Handler()
	f.RegisterApp("app-id", "app-secret", true, "https://site.example/admin/linkedin/callback")
	return f, srv.URL + "/oauth/v2/accessToken"
}

// TestIntrospect: LinkedIn's answers as Microsoft Learn's "Token
// Introspection" shows them, and its refusals.
func TestIntrospect(t *testing.T) {
	f, tokenURL := fake(t)
	f.RequireToken("pasted", "", false)
	revoked := f.IssueToken(fakelinkedin.MemberPageAdmin)
	f.RevokeToken(revoked)
	good, _ := NewOAuth("app-id", "app-secret", tokenURL, noFollow)
	wrong, _ := NewOAuth("app-id", "not-the-secret", tokenURL, noFollow)
	soon := time.Now().Add(fakelinkedin.PastedTokenDays * 24 * time.Hour)
	for _, tc := range []struct {
		name    string
		oauth   *OAuth
		token   string
		active  bool
		status  string
		expires bool
		code    string
	}{
		{"a pasted token", good, "pasted", true, "active", true, ""},
		{"a revoked token", good, revoked, false, "revoked", true, ""},
		{"a token LinkedIn does not know", good, "made-up", false, "", false, ""},
		{"no token", good, "", false, "", false, "invalid_request"},
		{"wrong app credentials", wrong, "pasted", false, "", false, "invalid_client"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, err := tc.oauth.Introspect(context.Background(), tc.token)
			var oe *Error
			if tc.code != "" {
				if !errors.As(err, &oe) || oe.Code != tc.code {
					t.Fatalf("err %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil || in.Active != tc.active || in.Status != tc.status || in.ExpiresAt.IsZero() == tc.expires {
				t.Fatalf("%+v %v", in, err)
			}
			if tc.token == "pasted" && in.ExpiresAt.Sub(soon).Abs() > 2*time.Second {
				t.Fatalf("expires %v, want about %v", in.ExpiresAt, soon)
			}
		})
	}
	f.Set(func(b *fakelinkedin.Behaviour) { b.OmitExpiry = true })
	if in, err := good.Introspect(context.Background(), "pasted"); err != nil || !in.Active || !in.ExpiresAt.IsZero() {
		t.Fatalf("without expires_at: %+v %v", in, err)
	}
}

// TestTokenEndpointAnswers: x/oauth2's errors become LinkedIn's code, a
// bad answer or a redirect, never the answer's body.
func TestTokenEndpointAnswers(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(w http.ResponseWriter)
		check  func(err error) bool
	}{
		{"a refusal", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(400)
			_, _ = io.WriteString(w, `{"error":"invalid_grant","error_description":"code=secret-code was used"}`)
		}, func(err error) bool {
			var oe *Error
			return errors.As(err, &oe) && oe.Kind == KindUnauthorized && oe.Status == 400 && oe.Code == "invalid_grant"
		}},
		{"a redirect, not followed", func(w http.ResponseWriter) {
			w.Header().Set("Location", "https://elsewhere.example/")
			w.WriteHeader(302)
		}, func(err error) bool {
			var oe *Error
			return errors.As(err, &oe) && oe.Kind == KindRedirected && oe.Status == 302
		}},
		{"no access token", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"expires_in":5184000}`)
		}, func(err error) bool { return KindOf(err) == KindBadResponse }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { tc.answer(w) }))
			defer srv.Close()
			o, _ := NewOAuth("app-id", "app-secret", srv.URL+"/oauth/v2/accessToken", noFollow)
			_, err := o.Exchange(context.Background(), "secret-code", "https://site.example/cb")
			if !tc.check(err) {
				t.Fatalf("err %v", err)
			}
			if err != nil && (strings.Contains(err.Error(), "secret-code") || strings.Contains(err.Error(), "app-secret")) {
				t.Fatalf("the error quotes a secret: %v", err)
			}
		})
	}
}
