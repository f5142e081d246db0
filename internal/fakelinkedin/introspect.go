package fakelinkedin

import (
	"net/http"
	"time"
)

// Token introspection, from "Token Introspection" (Microsoft Learn,
// shared/authentication/token-introspection): POST /oauth/v2/introspectToken
// answers active, status (active, expired, revoked), expires_at and more; an
// unknown token is {"active": false}; errors are OAuth's body.

// PastedTokenDays is how long a token given to RequireToken has left: one
// made in the Developer Portal some days before it was pasted.
const PastedTokenDays = 45

// tokenLife is what the fake knows of a token it handed out or was given.
type tokenLife struct {
	created, expires time.Time
	revoked          bool
}

// knowLocked records a token that lasts life from now. The caller holds f.mu.
func (f *Fake) knowLocked(token string, life time.Duration) {
	now := time.Now()
	f.lives[token] = &tokenLife{created: now, expires: now.Add(life)}
}

// RevokeToken makes introspection say token was revoked.
func (f *Fake) RevokeToken(token string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if l := f.lives[token]; l != nil {
		l.revoked = true
	}
}

// serveIntrospect answers POST /oauth/v2/introspectToken.
func (f *Fake) serveIntrospect(w http.ResponseWriter, r *http.Request) {
	f.count("introspect")
	_ = r.ParseForm()
	for _, p := range []string{"client_id", "client_secret", "token"} {
		if r.PostForm.Get(p) == "" {
			writeOAuthError(w, http.StatusBadRequest, "invalid_request", `A required parameter "`+p+`" is missing`)
			return
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.app == nil || r.PostForm.Get("client_id") != f.app.clientID || r.PostForm.Get("client_secret") != f.app.clientSecret {
		writeOAuthError(w, http.StatusUnauthorized, "invalid_client", "Client authentication failed")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	l := f.lives[r.PostForm.Get("token")]
	if l == nil {
		writeJSON(w, map[string]any{"active": false})
		return
	}
	status := "active"
	switch {
	case l.revoked:
		status = "revoked"
	case !time.Now().Before(l.expires):
		status = "expired"
	}
	answer := map[string]any{"active": status == "active", "client_id": f.app.clientID, "authorized_at": l.created.Unix(),
		"created_at": l.created.Unix(), "status": status, "scope": "r_organization_social", "auth_type": "3L"}
	if !f.b.OmitExpiry {
		answer["expires_at"] = l.expires.Unix()
	}
	writeJSON(w, answer)
}
