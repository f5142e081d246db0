package linkedinauth

import (
	"html"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/veldhaven/site/internal/fakelinkedin"
	"github.com/veldhaven/site/internal/insights"
)

// TestAPastedTokensExpiryShows: the feed owner with the app's credentials
// learns a token pasted from the Developer Portal's expiry from LinkedIn,
// and the page and the metric show it without a reconnect.
func TestAPastedTokensExpiryShows(t *testing.T) {
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	fake := fakelinkedin.New(srv.URL, "202401", "", 0)
	srv.Config.Handler = fake.Handler()
	fake.RegisterApp("app-id", "app-secret", false, "https://www.veldhaven.example/admin/linkedin/callback")
	fake.RequireToken("pasted", "", false)
	reg := prometheus.NewRegistry()
	svc, err := insights.New(insights.Config{AccessToken: "pasted", OrganizationURN: fakelinkedin.AdminOrganizations[0],
		APIBase: srv.URL, TokenURL: srv.URL + "/oauth/v2/accessToken", MediaOrigins: []string{srv.URL},
		ClientID: "app-id", ClientSecret: "app-secret"}, slog.New(slog.DiscardHandler), reg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = svc.Close() })
	deadline := time.Now().Add(5 * time.Second)
	for svc.Connection().ExpiresAt.IsZero() {
		if time.Now().After(deadline) {
			t.Fatal("the expiry is still unknown")
		}
		time.Sleep(10 * time.Millisecond)
	}
	expires := svc.Connection().ExpiresAt
	h := newHandler(t, &feedDouble{}, func(c *Config) { c.Feed, c.Now = svc, time.Now })
	body := html.UnescapeString(serve(h, PagePath, nil, "").Body.String())
	if want := when(expires) + " (in 44 days)."; !strings.Contains(body, want) {
		t.Errorf("the page lacks %q", want)
	}
	if strings.Contains(body, "Unknown") {
		t.Error("the page says the expiry is unknown")
	}
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == insights.TokenExpiryMetric && len(mf.GetMetric()) == 1 && mf.GetMetric()[0].GetGauge().GetValue() == float64(expires.Unix()) {
			return
		}
	}
	t.Fatalf("no %s of %v", insights.TokenExpiryMetric, expires)
}
