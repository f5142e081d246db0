package fakelinkedin

import (
	"crypto/rand"
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// LinkedIn's 3-legged OAuth, from "Authorization Code Flow (3-legged OAuth)"
// (Microsoft Learn, shared/authentication/authorization-code-flow): the
// authorization page redirects back with code and state, or with
// error=user_cancelled_login or user_cancelled_authorize; an unregistered
// redirect_uri is refused on LinkedIn's own page. The code grant answers
// access_token, expires_in (60 days) and scope, plus refresh_token and
// refresh_token_expires_in (365 days) for apps approved for them ("Refresh
// Tokens with OAuth 2.0"); a code lives 30 minutes, for one exchange. Errors
// are RFC 6749's {"error","error_description"}.

// Members who can sign in at the fake's authorization page.
const (
	// MemberPageAdmin administers every organization's page.
	MemberPageAdmin = "page-admin"
	// MemberNotAdmin is a LinkedIn member with no role on the page.
	MemberNotAdmin = "not-admin"
)

// Lifetimes LinkedIn documents.
const (
	codeLifetime          = 30 * time.Minute
	accessTokenSeconds    = 60 * 24 * 60 * 60  // 60 days
	refreshTokenSeconds   = 365 * 24 * 60 * 60 // 365 days
	accessTokenNotAdmin   = "ACCESS_DENIED"
	accessDeniedForPosts  = "Not enough permissions to access: partnerApiPostsExternal.FINDER-author.20240101"
	redirectMismatchError = "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists"
)

// oauthApp is the LinkedIn app the fake knows; grantRefresh: it is
// approved for programmatic refresh tokens.
type oauthApp struct {
	clientID, clientSecret string
	redirects              []string
	grantRefresh           bool
}

// authCode is an authorization code handed out and not yet exchanged.
type authCode struct {
	clientID, redirectURI, member, scope string
	expires                              time.Time
	used                                 bool
}

// RegisterApp makes the fake know an app: its client id and secret, and
// the redirect URLs registered for it. grantRefresh hands out refresh
// tokens with its access tokens (an app LinkedIn approved for them).
func (f *Fake) RegisterApp(clientID, clientSecret string, grantRefresh bool, redirectURIs ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.app = &oauthApp{clientID: clientID, clientSecret: clientSecret, redirects: redirectURIs, grantRefresh: grantRefresh}
}

// ExpireCodes makes every code handed out so far expired (as 30 minutes later).
func (f *Fake) ExpireCodes() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range f.codes {
		c.expires = time.Time{}
	}
}

// IssueToken hands out an access token for member as the exchange would
// for the reconnect's scopes, for tests that need one without the
// browser's round trip.
func (f *Fake) IssueToken(member string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.issueLocked(member, "r_organization_social r_organization_admin")
}

// issueLocked hands out a token of member for the space-separated scopes.
func (f *Fake) issueLocked(member, scope string) string {
	token := "fake-" + member + "-" + rand.Text()
	f.issued[token] = member
	f.scopes[token] = strings.Fields(scope)
	f.knowLocked(token, accessTokenSeconds*time.Second)
	return token
}

// memberOf is the member an issued token belongs to, "" for another token.
func (f *Fake) memberOf(auth string) string {
	token, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok {
		return ""
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.issued[token]
}

// writeOAuthError answers an OAuth 2.0 error body.
func writeOAuthError(w http.ResponseWriter, status int, code, description string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": description})
}

// authorizePage is the fake's sign-in and consent page: one link per
// answer a member can give. Its empty icon keeps the browser from asking
// the fake for /favicon.ico (a 404 the e2e suite counts as a console error).
var authorizePage = template.Must(template.New("authorize").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to LinkedIn (fake)</title>
<link rel="icon" href="data:,"></head>
<body><main><h1>Allow this app to read your organization's posts?</h1>
<p>Scope: {{.Scope}}</p>
<ul>
<li><a href="{{.Admin}}">Sign in and allow as a page admin</a></li>
<li><a href="{{.NotAdmin}}">Sign in and allow as a member who is not a page admin</a></li>
<li><a href="{{.Decline}}">Cancel: do not allow</a></li>
<li><a href="{{.CancelLogin}}">Cancel the sign-in</a></li>
</ul></main></body></html>
`))

// serveAuthorize answers GET /oauth/v2/authorization: LinkedIn's own
// error page for a request it cannot redirect, else the consent page.
func (f *Fake) serveAuthorize(w http.ResponseWriter, r *http.Request) {
	f.count("authorize")
	q := r.URL.Query()
	f.mu.Lock()
	app := f.app
	f.mu.Unlock()
	switch {
	case app == nil || q.Get("client_id") != app.clientID:
		http.Error(w, "Invalid client_id: the application was not found.", http.StatusBadRequest)
		return
	case !slices.Contains(app.redirects, q.Get("redirect_uri")):
		http.Error(w, "The redirect_uri does not match the registered value.", http.StatusBadRequest)
		return
	}
	back := func(params url.Values) string {
		params.Set("state", q.Get("state"))
		return q.Get("redirect_uri") + "?" + params.Encode()
	}
	if q.Get("response_type") != "code" || q.Get("scope") == "" {
		http.Redirect(w, r, back(url.Values{"error": {"invalid_request"}, "error_description": {"response_type=code and a scope are required"}}), http.StatusFound)
		return
	}
	decide := func(member string) string {
		d := url.Values{"member": {member}}
		for k, v := range q {
			d[k] = v
		}
		return "/oauth/v2/authorization/decide?" + d.Encode()
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = authorizePage.Execute(w, map[string]string{
		"Scope":       q.Get("scope"),
		"Admin":       decide(MemberPageAdmin),
		"NotAdmin":    decide(MemberNotAdmin),
		"Decline":     back(url.Values{"error": {"user_cancelled_authorize"}, "error_description": {"The user cancelled the authorization"}}),
		"CancelLogin": back(url.Values{"error": {"user_cancelled_login"}, "error_description": {"The user cancelled LinkedIn login"}}),
	})
}

// serveDecide is the member's "Allow": a code for the app and redirect
// URL of the request, and the redirect back with it.
func (f *Fake) serveDecide(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	member := q.Get("member")
	f.mu.Lock()
	app := f.app
	if app == nil || q.Get("client_id") != app.clientID || !slices.Contains(app.redirects, q.Get("redirect_uri")) ||
		!slices.Contains([]string{MemberPageAdmin, MemberNotAdmin, MemberAdPoster, MemberOtherAdmin}, member) {
		f.mu.Unlock()
		http.Error(w, "bad decision", http.StatusBadRequest)
		return
	}
	code := "fake-code-" + rand.Text()
	f.codes[code] = &authCode{clientID: app.clientID, redirectURI: q.Get("redirect_uri"), member: member, scope: q.Get("scope"), expires: time.Now().Add(codeLifetime)}
	f.mu.Unlock()
	http.Redirect(w, r, q.Get("redirect_uri")+"?"+url.Values{"code": {code}, "state": {q.Get("state")}}.Encode(), http.StatusFound)
}

// serveCodeGrant answers grant_type=authorization_code at the token endpoint.
func (f *Fake) serveCodeGrant(w http.ResponseWriter, r *http.Request) {
	f.count("exchange")
	form := r.PostForm
	for _, p := range []string{"code", "redirect_uri", "client_id", "client_secret"} {
		if form.Get(p) == "" {
			writeOAuthError(w, http.StatusBadRequest, "invalid_request", `A required parameter "`+p+`" is missing`)
			return
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.app == nil || form.Get("client_id") != f.app.clientID || form.Get("client_secret") != f.app.clientSecret {
		writeOAuthError(w, http.StatusUnauthorized, "invalid_client", "Client authentication failed")
		return
	}
	c := f.codes[form.Get("code")]
	switch {
	case c == nil || c.used || !time.Now().Before(c.expires):
		if c != nil {
			c.used = true
		}
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "The provided authorization grant is invalid, expired or was already used")
		return
	case c.redirectURI != form.Get("redirect_uri") || c.clientID != form.Get("client_id"):
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", redirectMismatchError)
		return
	}
	c.used = true
	answer := map[string]any{"access_token": f.issueLocked(c.member, c.scope), "expires_in": accessTokenSeconds, "scope": strings.Join(strings.Fields(c.scope), ",")}
	if f.app.grantRefresh {
		refresh := "fake-refresh-" + rand.Text()
		f.refreshOf[refresh], f.scopes[refresh] = c.member, strings.Fields(c.scope)
		answer["refresh_token"], answer["refresh_token_expires_in"] = refresh, refreshTokenSeconds
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, answer)
}
