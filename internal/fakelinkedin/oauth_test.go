package fakelinkedin

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

const testRedirect = "https://site.example/admin/linkedin/callback"

// newOAuthFake is a fake with one app registered, and a client that
// follows no redirect.
func newOAuthFake(t *testing.T) (*Fake, string, *http.Client) {
	t.Helper()
	f := New("http://fake", "202401", "", 0)
	f.RegisterApp("app-id", "app-secret", false, testRedirect)
	srv := httptest.NewServer(f.Handler())
	t.Cleanup(srv.Close)
	return f, srv.URL, &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// authorize asks the authorization page and follows a decision link to
// the redirect back; it returns that redirect's query.
func authorize(t *testing.T, base string, c *http.Client, member string) url.Values {
	return authorizeFor(t, base, c, member, "r_organization_social")
}

// authorizeFor is authorize for the space-separated scopes.
func authorizeFor(t *testing.T, base string, c *http.Client, member, scope string) url.Values {
	t.Helper()
	q := url.Values{"response_type": {"code"}, "client_id": {"app-id"}, "redirect_uri": {testRedirect}, "state": {"st"}, "scope": {scope}}
	res, err := c.Get(base + "/oauth/v2/authorization/decide?" + q.Encode() + "&member=" + member)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	loc, err := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusFound || err != nil || !strings.HasPrefix(loc.String(), testRedirect+"?") {
		t.Fatalf("decide: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	return loc.Query()
}

func exchange(t *testing.T, base string, form url.Values) (int, map[string]any) {
	t.Helper()
	res, err := http.PostForm(base+"/oauth/v2/accessToken", form)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body map[string]any
	_ = json.NewDecoder(res.Body).Decode(&body)
	return res.StatusCode, body
}

// TestAuthorizePage: LinkedIn's own error page for a request it cannot
// send back, an error redirect for a bad request it can, the consent page
// with the cancel answers otherwise.
func TestAuthorizePage(t *testing.T) {
	_, base, c := newOAuthFake(t)
	good := url.Values{"response_type": {"code"}, "client_id": {"app-id"}, "redirect_uri": {testRedirect}, "state": {"st"}, "scope": {"r_organization_social"}}
	with := func(k, v string) url.Values {
		q := url.Values{}
		for key, val := range good {
			q[key] = val
		}
		q.Set(k, v)
		return q
	}
	for _, tc := range []struct {
		name     string
		q        url.Values
		status   int
		location string // prefix of the redirect
		body     string
	}{
		{"consent page", good, 200, "", "user_cancelled_authorize"},
		{"consent page offers cancelling the sign-in", good, 200, "", "user_cancelled_login"},
		{"unknown client", with("client_id", "other"), 400, "", "Invalid client_id"},
		{"unregistered redirect_uri", with("redirect_uri", "https://evil.example/cb"), 400, "", "redirect_uri does not match"},
		{"no response_type", with("response_type", "token"), 302, testRedirect + "?error=invalid_request", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := c.Get(base + "/oauth/v2/authorization?" + tc.q.Encode())
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var b strings.Builder
			_, _ = io.Copy(&b, res.Body)
			if res.StatusCode != tc.status || !strings.HasPrefix(res.Header.Get("Location"), tc.location) || !strings.Contains(b.String(), tc.body) {
				t.Fatalf("%d %q %.300s", res.StatusCode, res.Header.Get("Location"), b.String())
			}
		})
	}
}

// TestCodeGrant: a code is exchanged once, by the app that asked for it,
// for the redirect URL it was sent to; each refusal has OAuth's error.
func TestCodeGrant(t *testing.T) {
	f, base, c := newOAuthFake(t)
	form := func(code string, edit func(url.Values)) url.Values {
		v := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {testRedirect}, "client_id": {"app-id"}, "client_secret": {"app-secret"}}
		if edit != nil {
			edit(v)
		}
		return v
	}
	code := authorize(t, base, c, MemberPageAdmin).Get("code")
	for _, tc := range []struct {
		name   string
		form   url.Values
		status int
		error  string
	}{
		{"no client_secret", form(code, func(v url.Values) { v.Del("client_secret") }), 400, "invalid_request"},
		{"no code", form("", nil), 400, "invalid_request"},
		{"wrong secret", form(code, func(v url.Values) { v.Set("client_secret", "guess") }), 401, "invalid_client"},
		{"unknown client", form(code, func(v url.Values) { v.Set("client_id", "other") }), 401, "invalid_client"},
		{"another redirect_uri", form(code, func(v url.Values) { v.Set("redirect_uri", testRedirect+"2") }), 400, "invalid_request"},
		{"unknown code", form("made-up", nil), 400, "invalid_grant"},
		{"the code", form(code, nil), 200, ""},
		{"the code again", form(code, nil), 400, "invalid_grant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := exchange(t, base, tc.form)
			if status != tc.status || (tc.error != "" && body["error"] != tc.error) {
				t.Fatalf("%d %v, want %d %s", status, body, tc.status, tc.error)
			}
			if status == 200 && (body["access_token"] == "" || body["expires_in"] != float64(accessTokenSeconds) || body["refresh_token"] != nil) {
				t.Fatalf("answer %v: want a 60-day token and no refresh token (not an approved app)", body)
			}
		})
	}
	expired := authorize(t, base, c, MemberPageAdmin).Get("code")
	f.ExpireCodes()
	if status, body := exchange(t, base, form(expired, nil)); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("expired code: %d %v", status, body)
	}
}

// TestIssuedTokensReadByRole: an admin's token reads the posts whatever
// token the fake requires otherwise; a non-admin's is refused 403.
func TestIssuedTokensReadByRole(t *testing.T) {
	f, base, _ := newOAuthFake(t)
	f.RequireToken("the-old-one", "", false)
	for _, tc := range []struct {
		name, token string
		status      int
	}{
		{"page admin", f.IssueToken(MemberPageAdmin), 200},
		{"not an admin", f.IssueToken(MemberNotAdmin), 403},
		{"an ad agency", f.IssueToken(MemberAdPoster), 200},
		{"an expired token", "expired", 401},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", base+"/rest/posts?q=author&author=urn:li:organization:1&count=1", nil)
			req.Header.Set("Authorization", "Bearer "+tc.token)
			req.Header.Set("LinkedIn-Version", "202401")
			req.Header.Set("X-Restli-Protocol-Version", "2.0.0")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tc.status {
				t.Fatalf("%d, want %d", res.StatusCode, tc.status)
			}
		})
	}
}

// TestRefreshTokenOfAnApprovedApp: an approved app's exchange hands out a
// refresh token, which the refresh grant takes.
func TestRefreshTokenOfAnApprovedApp(t *testing.T) {
	f, base, c := newOAuthFake(t)
	f.RegisterApp("app-id", "app-secret", true, testRedirect)
	code := authorize(t, base, c, MemberPageAdmin).Get("code")
	status, body := exchange(t, base, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {testRedirect}, "client_id": {"app-id"}, "client_secret": {"app-secret"}})
	refresh, _ := body["refresh_token"].(string)
	if status != 200 || refresh == "" || body["refresh_token_expires_in"] != float64(refreshTokenSeconds) {
		t.Fatalf("%d %v", status, body)
	}
	status, body = exchange(t, base, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}, "client_id": {"app-id"}, "client_secret": {"app-secret"}})
	if status != 200 || body["access_token"] == "" {
		t.Fatalf("refresh: %d %v", status, body)
	}
}

// TestRolesByMember: the roleAssignee finder lists the member's roles as
// filtered, paged by start and count; an ad agency reads the posts but has
// no approved ADMINISTRATOR role.
func TestRolesByMember(t *testing.T) {
	f, base, _ := newOAuthFake(t)
	get := func(token, query string) (int, []acl, []map[string]any) {
		t.Helper()
		req, _ := http.NewRequest("GET", base+"/rest/organizationAcls?"+query, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("LinkedIn-Version", "202401")
		req.Header.Set("X-Restli-Protocol-Version", "2.0.0")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body struct {
			Elements []acl
			Paging   struct{ Links []map[string]any }
		}
		_ = json.NewDecoder(res.Body).Decode(&body)
		return res.StatusCode, body.Elements, body.Paging.Links
	}
	const admins = "q=roleAssignee&role=ADMINISTRATOR&state=APPROVED"
	var all []acl
	for start := 0; ; start += 10 {
		status, page, links := get(f.IssueToken(MemberPageAdmin), admins+"&start="+strconv.Itoa(start))
		if status != 200 || len(page) > 10 {
			t.Fatalf("page at %d: %d, %d elements", start, status, len(page))
		}
		all = append(all, page...)
		if len(links) == 0 {
			break
		}
	}
	if len(all) != OtherAdministered+len(AdminOrganizations) || all[len(all)-1].Organization != AdminOrganizations[len(AdminOrganizations)-1] {
		t.Fatalf("the page admin's approved admin roles: %v", all)
	}
	for _, tc := range []struct {
		name, member, query string
		want                int
	}{
		{"not an admin: none", MemberNotAdmin, admins, 0},
		{"an ad agency: none approved as admin", MemberAdPoster, admins, 0},
		{"an ad agency: its roles", MemberAdPoster, "q=roleAssignee", 2 * len(AdminOrganizations)},
		{"another page's admin", MemberOtherAdmin, admins, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if status, got, _ := get(f.IssueToken(tc.member), tc.query); status != 200 || len(got) != tc.want {
				t.Fatalf("%d %v, want %d elements", status, got, tc.want)
			}
		})
	}
	if status, _, _ := get(f.IssueToken(MemberPageAdmin), "q=author"); status != 400 {
		t.Fatalf("another finder: %d", status)
	}
}

// TestRolesNeedTheAdminScope: the roles of a member whose token was
// granted r_organization_social alone are refused 403; with
// r_organization_admin they are listed.
func TestRolesNeedTheAdminScope(t *testing.T) {
	_, base, c := newOAuthFake(t)
	for _, tc := range []struct {
		scope  string
		status int
	}{{"r_organization_social", 403}, {"r_organization_social r_organization_admin", 200}} {
		code := authorizeFor(t, base, c, MemberPageAdmin, tc.scope).Get("code")
		_, body := exchange(t, base, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {testRedirect}, "client_id": {"app-id"}, "client_secret": {"app-secret"}})
		token, _ := body["access_token"].(string)
		req, _ := http.NewRequest("GET", base+"/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("LinkedIn-Version", "202401")
		req.Header.Set("X-Restli-Protocol-Version", "2.0.0")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("scope %q: %d, want %d", tc.scope, res.StatusCode, tc.status)
		}
	}
}
