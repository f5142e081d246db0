package editor

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"sync"
	"time"
)

// stateSigner signs the state cookie, so the callback exchanges a code only
// for a sign-in this site started: the cookie is
// state.verifier.expires.mac, mac an HMAC-SHA256 of the rest under the
// state key (CMS_STATE_KEY, or a random key of this process). A cookie a
// request makes up, or one past its ten minutes, is refused before any call
// to GitHub.
type stateSigner struct {
	key []byte
	now func() time.Time
}

// stateMAC binds the MAC to its purpose: the key signs nothing else today,
// and a later use cannot be fed one of these.
const stateMACContext = "veldhaven editor sign-in state v1\x00"

func (s stateSigner) mac(payload string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(stateMACContext))
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// issue is the cookie value of a new sign-in, valid for stateCookieAge.
func (s stateSigner) issue(state, verifier string) string {
	payload := state + "." + verifier + "." + strconv.FormatInt(s.now().Add(stateCookieAge).Unix(), 10)
	return payload + "." + s.mac(payload)
}

// stateProblem says why a state cookie was refused, for the log.
type stateProblem string

const (
	stateOK        stateProblem = ""
	stateMalformed stateProblem = "state_malformed"
	stateForged    stateProblem = "state_forged"
	stateExpired   stateProblem = "state_expired"
)

// open checks a cookie value: its MAC, then its expiry. It returns the state,
// the PKCE verifier and when the state expires.
func (s stateSigner) open(value string) (state, verifier string, expires time.Time, problem stateProblem) {
	parts := strings.Split(value, ".")
	if len(parts) != 4 || parts[0] == "" || parts[1] == "" {
		return "", "", time.Time{}, stateMalformed
	}
	payload := strings.Join(parts[:3], ".")
	if !hmac.Equal([]byte(parts[3]), []byte(s.mac(payload))) {
		return "", "", time.Time{}, stateForged
	}
	unix, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil {
		return "", "", time.Time{}, stateMalformed
	}
	expires = time.Unix(unix, 0)
	if now := s.now(); !now.Before(expires) || expires.After(now.Add(stateCookieAge+time.Minute)) {
		// Expired, or further ahead than this site ever signs (another
		// replica's clock may be a little ahead, not more).
		return "", "", time.Time{}, stateExpired
	}
	return parts[0], parts[1], expires, stateOK
}

// maxSpentStates bounds the memory of spent states. A state is spent only
// when its code goes to GitHub, which the exchange budget allows about
// burst + 600 s × rate times in the ten minutes a state lives (70 with the
// defaults), so the bound is never reached unless the budget is raised a
// hundredfold; then sign-ins are refused (429), never let through twice.
const maxSpentStates = 4096

// spentStates remembers the states whose code went to GitHub until they
// expire: a signed cookie works once (in this process; see docs/deploy.md
// for several replicas).
type spentStates struct {
	now func() time.Time
	mu  sync.Mutex
	m   map[string]time.Time // state -> when its cookie expires
}

// spent reports whether state was used before.
func (s *spentStates) spent(state string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.m[state]
	return ok
}

// spend marks state used until expires. It returns false when it already
// was (two requests with one cookie at once), full when there is no room.
func (s *spentStates) spend(state string, expires time.Time) (ok, full bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, used := s.m[state]; used {
		return false, false
	}
	if len(s.m) >= maxSpentStates {
		now := s.now()
		for k, until := range s.m {
			if !now.Before(until) {
				delete(s.m, k)
			}
		}
		if len(s.m) >= maxSpentStates {
			return false, true
		}
	}
	s.m[state] = expires
	return true, false
}
