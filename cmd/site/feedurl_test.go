package main

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestParseConfigFeedURL(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    string // the owner's URL, "" for none
		errPart string
	}{
		{name: "none: the feed runs here"},
		{name: "FEED_URL", env: map[string]string{"FEED_URL": "http://site-feed:8080"}, want: "http://site-feed:8080"},
		{name: "-feed-url beats FEED_URL", args: []string{"-feed-url", "http://127.0.0.1:19050/"}, env: map[string]string{"FEED_URL": "http://x:1"}, want: "http://127.0.0.1:19050"},
		{name: "a path", env: map[string]string{"FEED_URL": "http://site-feed:8080/linkedin-api"}, errPart: "FEED_URL"},
		{name: "a query", env: map[string]string{"FEED_URL": "http://site-feed:8080?x=1"}, errPart: "query"},
		{name: "a user", env: map[string]string{"FEED_URL": "http://u:p@site-feed:8080"}, errPart: "user"},
		{name: "another scheme", env: map[string]string{"FEED_URL": "file:///etc/passwd"}, errPart: "http"},
		{name: "no host", args: []string{"-feed-url", "http:///x"}, errPart: "host"},
		{name: "with LinkedIn's token", env: map[string]string{"FEED_URL": "http://site-feed:8080", "LINKEDIN_ACCESS_TOKEN": "AQX-secret"}, errPart: "LINKEDIN_ACCESS_TOKEN are both set"},
		{name: "with LinkedIn's organization", env: map[string]string{"FEED_URL": "http://site-feed:8080", "LINKEDIN_ORGANIZATION_URN": "urn:li:organization:1"}, errPart: "LINKEDIN_ORGANIZATION_URN"},
		{name: "with LinkedIn's client secret", env: map[string]string{"FEED_URL": "http://site-feed:8080", "LINKEDIN_CLIENT_SECRET": "s"}, errPart: "LINKEDIN_CLIENT_SECRET"},
		{name: "with the key of LinkedIn's stored token", env: map[string]string{"FEED_URL": "http://site-feed:8080", "LINKEDIN_TOKEN_KEY": "AQX-secret"}, errPart: "LINKEDIN_TOKEN_KEY are both set"},
		{name: "with the owner's other settings: ignored", env: map[string]string{"FEED_URL": "http://site-feed:8080", "INSIGHTS_TTL": "1m", "LINKEDIN_VERSION": "202610"}, want: "http://site-feed:8080"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, ok := parseForTest(t, tt.args, tt.env, tt.errPart, "AQX-secret")
			if !ok {
				return
			}
			got := ""
			if cfg.feedURL != nil {
				got = cfg.feedURL.String()
			}
			if got != tt.want {
				t.Errorf("feed URL %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWebReplicaTakesTheFeedFromTheOwner: the real program twice, an owner
// (no settings: the sample feed) and a web replica with FEED_URL naming it.
func TestWebReplicaTakesTheFeedFromTheOwner(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the program twice")
	}
	owner, _ := startSite(t, nil)
	web, logs := startSite(t, map[string]string{"FEED_URL": owner, "INSIGHTS_TTL": "1m"})
	fetch := func(origin, path string) (int, string, http.Header) {
		t.Helper()
		resp, err := http.Get(origin + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp.Header
	}
	code, body, h := fetch(web, "/linkedin-api")
	_, ownerBody, _ := fetch(owner, "/linkedin-api")
	if code != 200 || body != ownerBody || h.Get("X-Feed-Source") != "owner" {
		t.Fatalf("the web replica's feed: %d %q, not the owner's", code, h.Get("X-Feed-Source"))
	}
	if h.Get("Content-Security-Policy") == "" || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("the proxied feed lacks the site's security headers: %v", h)
	}
	// Anyone may ask /readyz: it names no address, health or count
	// (SECURITY.md); those are on the metrics address.
	code, body, _ = fetch(web, "/readyz")
	if code != 200 || body != "ready" {
		t.Errorf("/readyz: %d %q, want 200 \"ready\" alone", code, body)
	}
	if code, _, _ := fetch(web, "/linkedin-api/image?urn=urn:li:image:../x"); code != 400 {
		t.Errorf("a bad urn: %d, want 400", code)
	}
	if code, _, _ := fetch(web, "/what-we-do"); code != 200 {
		t.Errorf("a page on the web replica: %d", code)
	}
	if l := logs.waitFor("the feed owner's settings are ignored here", 1); !strings.Contains(l, `"ignored":["INSIGHTS_TTL"]`) {
		t.Errorf("no log line naming the ignored settings:\n%s", l)
	}
}

// TestWebReplicaForwardsLinkedInAdmin: a web replica shows the owner's
// /admin/linkedin as it is: the same page, under the owner's policy only.
func TestWebReplicaForwardsLinkedInAdmin(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the program twice")
	}
	owner, _ := startSite(t, nil)
	web, _ := startSite(t, map[string]string{"FEED_URL": owner})
	get := func(origin string) (int, string, http.Header) {
		t.Helper()
		resp, err := http.Get(origin + "/admin/linkedin")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body), resp.Header
	}
	ownerStatus, ownerBody, ownerHeader := get(owner)
	webStatus, webBody, webHeader := get(web)
	if ownerStatus != 200 || webStatus != 200 || webBody != ownerBody || !strings.Contains(webBody, "<h1>LinkedIn connection</h1>") {
		t.Fatalf("owner %d, replica %d: %.200s", ownerStatus, webStatus, webBody)
	}
	if csp := webHeader.Values("Content-Security-Policy"); len(csp) != 1 || csp[0] != ownerHeader.Get("Content-Security-Policy") {
		t.Fatalf("replica's policies %q, owner's %q", csp, ownerHeader.Get("Content-Security-Policy"))
	}
	if webHeader.Get("X-Content-Type-Options") != "nosniff" || webHeader.Get("Cache-Control") != "no-store" {
		t.Fatalf("replica's headers %v", webHeader)
	}
}
