// Package oauthstate binds an OAuth authorization code flow to the browser
// that started it: a signed, short-lived state cookie, spent once its code
// has gone to the provider. Each flow has its own purpose in the MAC.
package oauthstate

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Signer signs the state cookie (state.verifier.expires.mac, an HMAC-SHA256
// of Purpose and the rest under Key), so only a flow this site started goes on.
type Signer struct {
	Key []byte
	// Purpose binds the MAC to one flow ("veldhaven editor sign-in state
	// v1\x00"): a cookie of another flow signed with the same key fails.
	Purpose string
	// Age is how long a cookie is valid.
	Age time.Duration
	Now func() time.Time
}

func (s Signer) mac(payload string) string {
	m := hmac.New(sha256.New, s.Key)
	m.Write([]byte(s.Purpose))
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Issue is the cookie value of a new flow, valid for Age. Neither state
// nor verifier may be empty or contain a dot.
func (s Signer) Issue(state, verifier string) string {
	payload := state + "." + verifier + "." + strconv.FormatInt(s.Now().Add(s.Age).Unix(), 10)
	return payload + "." + s.mac(payload)
}

// Problem says why a state cookie was refused, for the log.
type Problem string

// The problems Open finds.
const (
	OK        Problem = ""
	Malformed Problem = "state_malformed"
	Forged    Problem = "state_forged"
	Expired   Problem = "state_expired"
	// Mismatch: no state cookie, or the callback's state is not its own.
	Mismatch Problem = "state_mismatch"
)

// Open checks a cookie value: its MAC, then its expiry. It returns the state,
// the verifier and when the state expires.
func (s Signer) Open(value string) (state, verifier string, expires time.Time, problem Problem) {
	parts := strings.Split(value, ".")
	if len(parts) != 4 || parts[0] == "" || parts[1] == "" {
		return "", "", time.Time{}, Malformed
	}
	payload := strings.Join(parts[:3], ".")
	if !hmac.Equal([]byte(parts[3]), []byte(s.mac(payload))) {
		return "", "", time.Time{}, Forged
	}
	unix, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil {
		return "", "", time.Time{}, Malformed
	}
	expires = time.Unix(unix, 0)
	if now := s.Now(); !now.Before(expires) || expires.After(now.Add(s.Age+time.Minute)) {
		// Expired, or further ahead than this site ever signs (another
		// replica's clock may be a little ahead, not more).
		return "", "", time.Time{}, Expired
	}
	return parts[0], parts[1], expires, OK
}

// Callback checks a callback request against its state cookie, name: the
// cookie's MAC and expiry, then the request's state parameter.
func (s Signer) Callback(r *http.Request, name string) (state, verifier string, expires time.Time, problem Problem) {
	c, err := r.Cookie(name)
	if err != nil {
		return "", "", time.Time{}, Mismatch
	}
	if state, verifier, expires, problem = s.Open(c.Value); problem != OK {
		return "", "", time.Time{}, problem
	}
	if got := r.URL.Query().Get("state"); got == "" || subtle.ConstantTimeCompare([]byte(state), []byte(got)) != 1 {
		return "", "", time.Time{}, Mismatch
	}
	return state, verifier, expires, OK
}

// Cookie is a flow's state cookie: __Host-name on an https site (Secure,
// Path=/ and no Domain, so no other host can set it), else name on path.
func Cookie(name, path string, secure bool, value string, maxAge int) *http.Cookie {
	c := &http.Cookie{Name: name, Value: value, Path: path, MaxAge: maxAge, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode}
	if secure {
		c.Name, c.Path = "__Host-"+name, "/"
	}
	return c
}

// Origin is the site's origin from its public URL (https when secure), the
// only origin a flow redirects to: never a request's Host.
func Origin(siteURL string, secure bool) (origin string, err error) {
	u, err := url.Parse(siteURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", fmt.Errorf("site URL %q must be an origin such as https://www.example.com", siteURL)
	}
	if secure {
		u.Scheme = "https"
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// Code keeps a provider's error code to [A-Za-z0-9_], 40 characters at most,
// "unknown" when none is left: it is logged and shown.
func Code(code string) string {
	var b strings.Builder
	for _, c := range code {
		if b.Len() >= 40 {
			break
		}
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		return "unknown"
	}
	return b.String()
}

// MaxSpent bounds the spent states remembered; past it flows are refused,
// never let through twice.
const MaxSpent = 4096

// Spent remembers the states whose code went to the provider until they
// expire: a signed cookie works once (in this process).
type Spent struct {
	now func() time.Time
	mu  sync.Mutex
	m   map[string]time.Time // state -> when its cookie expires
}

// NewSpent is an empty memory of spent states on the clock now.
func NewSpent(now func() time.Time) *Spent {
	return &Spent{now: now, m: map[string]time.Time{}}
}

// Used reports whether state was spent before.
func (s *Spent) Used(state string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.m[state]
	return ok
}

// Spend marks state used until expires. It returns false when it already
// was (two requests with one cookie at once), full when there is no room.
func (s *Spent) Spend(state string, expires time.Time) (ok, full bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, used := s.m[state]; used {
		return false, false
	}
	if len(s.m) >= MaxSpent {
		now := s.now()
		for k, until := range s.m {
			if !now.Before(until) {
				delete(s.m, k)
			}
		}
		if len(s.m) >= MaxSpent {
			return false, true
		}
	}
	s.m[state] = expires
	return true, false
}

// Len is how many spent states are remembered.
func (s *Spent) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}
