// Package linkedin is LinkedIn's REST API as a client: the tokens of its
// OAuth 2.0 (on golang.org/x/oauth2), their introspection, and the monthly
// API versions. It knows nothing of caching or of serving HTTP.
package linkedin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// Token URLs of LinkedIn's OAuth 2.0 (Microsoft Learn, "Authorization Code
// Flow (3-legged OAuth)" and "Token Introspection").
const (
	DefaultAuthURL  = "https://www.linkedin.com/oauth/v2/authorization"
	DefaultTokenURL = "https://www.linkedin.com/oauth/v2/accessToken"
)

// maxAnswerBytes bounds an introspection answer.
const maxAnswerBytes = 64 << 10

// Token is what the token endpoint hands out. ExpiresIn and RefreshExpiresIn
// are in seconds from the answer; zero when it did not say.
type Token struct {
	AccessToken, RefreshToken   string
	ExpiresIn, RefreshExpiresIn int64
}

// OAuth is a LinkedIn app's side of the token endpoint and introspection.
type OAuth struct {
	cfg        oauth2.Config
	introspect string
	client     *http.Client
}

// NewOAuth is the app clientID with secret at tokenURL, introspection beside
// it; client should follow no redirect, so the secret stays with that host.
func NewOAuth(clientID, secret, tokenURL string, client *http.Client) (*OAuth, error) {
	u, err := url.Parse(tokenURL)
	if err != nil {
		return nil, fmt.Errorf("linkedin: token URL: %w", err)
	}
	return &OAuth{
		cfg: oauth2.Config{ClientID: clientID, ClientSecret: secret,
			Endpoint: oauth2.Endpoint{TokenURL: tokenURL, AuthStyle: oauth2.AuthStyleInParams}},
		introspect: u.ResolveReference(&url.URL{Path: "introspectToken"}).String(),
		client:     client,
	}, nil
}

// Exchange trades an authorization code for a token, once: a code is good
// for one exchange. redirectURI is the authorization request's.
func (o *OAuth) Exchange(ctx context.Context, code, redirectURI string) (Token, error) {
	cfg := o.cfg
	cfg.RedirectURL = redirectURI
	t, err := cfg.Exchange(o.ctx(ctx), code)
	return tokenOf("exchange", t, err)
}

// Refresh trades a refresh token for a new access token; the answer's
// RefreshToken is the one to keep (the old one when LinkedIn sent none).
func (o *OAuth) Refresh(ctx context.Context, refreshToken string) (Token, error) {
	t, err := o.cfg.TokenSource(o.ctx(ctx), &oauth2.Token{RefreshToken: refreshToken}).Token()
	return tokenOf("token", t, err)
}

func (o *OAuth) ctx(ctx context.Context) context.Context {
	return context.WithValue(ctx, oauth2.HTTPClient, o.client)
}

// tokenOf is x/oauth2's answer as a Token, or as an *Error of endpoint that
// keeps only OAuth's error code of a refusal: the rest may echo the request.
func tokenOf(endpoint string, t *oauth2.Token, err error) (Token, error) {
	var re *oauth2.RetrieveError
	var ne net.Error
	switch {
	case errors.As(err, &re):
		return Token{}, refusal(endpoint, re.Response.StatusCode, re.ErrorCode)
	case err != nil && (errors.As(err, &ne) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)):
		return Token{}, ClassifyTransport(endpoint, err)
	case err != nil:
		return Token{}, &Error{Endpoint: endpoint, Kind: KindBadResponse, Err: err}
	}
	tok := Token{AccessToken: t.AccessToken, RefreshToken: t.RefreshToken, ExpiresIn: t.ExpiresIn}
	if v, ok := t.Extra("refresh_token_expires_in").(float64); ok {
		tok.RefreshExpiresIn = int64(v)
	}
	return tok, nil
}

// Introspection is what LinkedIn says of a token (Microsoft Learn, "Token
// Introspection"): whether it is active, its status (active, expired,
// revoked) and when it expires (zero when the answer did not say).
type Introspection struct {
	Active    bool
	Status    string
	ExpiresAt time.Time
}

// Introspect asks LinkedIn about token: POST introspectToken with the
// app's client_id and client_secret.
func (o *OAuth) Introspect(ctx context.Context, token string) (Introspection, error) {
	form := url.Values{"client_id": {o.cfg.ClientID}, "client_secret": {o.cfg.ClientSecret}, "token": {token}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.introspect, strings.NewReader(form.Encode()))
	if err != nil {
		return Introspection{}, fmt.Errorf("linkedin: introspect: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := o.client.Do(req)
	if err != nil {
		return Introspection{}, ClassifyTransport("introspect", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		var oe struct {
			Error string `json:"error"`
		}
		_ = json.NewDecoder(io.LimitReader(res.Body, maxAnswerBytes)).Decode(&oe)
		return Introspection{}, refusal("introspect", res.StatusCode, oe.Error)
	}
	var a struct {
		Active    *bool  `json:"active"`
		Status    string `json:"status"`
		ExpiresAt int64  `json:"expires_at"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, maxAnswerBytes)).Decode(&a); err != nil || a.Active == nil {
		return Introspection{}, &Error{Endpoint: "introspect", Kind: KindBadResponse, Err: errors.New("introspection without active")}
	}
	in := Introspection{Active: *a.Active, Status: SanitizeCode(a.Status)}
	if a.ExpiresAt > 0 {
		in.ExpiresAt = time.Unix(a.ExpiresAt, 0).UTC()
	}
	return in, nil
}

// refusal is the OAuth endpoint's refusal with code; a redirect is never
// followed, so the client secret stays with the configured host.
func refusal(endpoint string, status int, code string) *Error {
	kind := KindUnauthorized
	if status >= 300 && status < 400 {
		kind = KindRedirected
	}
	return &Error{Endpoint: endpoint, Kind: kind, Status: status, Code: SanitizeCode(code)}
}

// SanitizeCode keeps an OAuth error code to [a-z_], 40 characters at
// most: it is logged and shown.
func SanitizeCode(code string) string {
	var b strings.Builder
	for _, c := range code {
		if b.Len() >= 40 {
			break
		}
		if c >= 'a' && c <= 'z' || c == '_' {
			b.WriteRune(c)
		}
	}
	return b.String()
}
