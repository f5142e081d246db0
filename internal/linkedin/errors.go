package linkedin

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Kind classifies a failed call to LinkedIn for status mapping, metrics
// and backoff. Its string is the "outcome" metric label.
type Kind string

// Failure kinds of LinkedIn's answers and of the calls to it.
const (
	KindTimeout        Kind = "timeout"
	KindUnreachable    Kind = "unreachable"
	KindUnauthorized   Kind = "unauthorized"
	KindForbidden      Kind = "forbidden"
	KindRateLimited    Kind = "rate_limited"
	KindVersionRetired Kind = "version_retired"
	KindServerError    Kind = "server_error"
	KindBadResponse    Kind = "bad_response"
	KindTooLarge       Kind = "too_large"
	KindNotFound       Kind = "not_found"
	KindClientError    Kind = "client_error"
	KindCanceled       Kind = "canceled"
	// KindRefused is a media download refused by the allow-list or the
	// dialer; KindRedirected an answer that tried to redirect (never
	// followed).
	KindRefused    Kind = "refused"
	KindRedirected Kind = "redirected"
	// KindBudgetSpent is a call the caller's daily budget refused: not sent.
	KindBudgetSpent Kind = "budget_spent"
)

// Error is a classified failure of a call to LinkedIn. Code is LinkedIn's
// error code (e.g. EXPIRED_ACCESS_TOKEN) when the answer carried one. Its
// text is for logs only.
type Error struct {
	Endpoint string // posts, images, videos, media, token
	Kind     Kind
	Status   int    // upstream HTTP status, 0 when none
	Code     string // LinkedIn's "code" field
	Err      error  // underlying cause, may be nil
	// RetryAfter is upstream's Retry-After, 0 when none.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("%s: %s", e.Endpoint, e.Kind)
	if e.Status != 0 {
		msg += fmt.Sprintf(" (HTTP %d", e.Status)
		if e.Code != "" {
			msg += " " + e.Code
		}
		msg += ")"
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the kind of err, KindBadResponse when unclassified.
func KindOf(err error) Kind {
	var ue *Error
	if errors.As(err, &ue) {
		return ue.Kind
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return KindTimeout
	}
	if errors.Is(err, context.Canceled) {
		return KindCanceled
	}
	return KindBadResponse
}

// Outcome is the metric outcome of a call: "ok" or the kind of its error.
func Outcome(err error) Kind {
	if err == nil {
		return "ok"
	}
	return KindOf(err)
}

// KindForStatus classifies an error answer, by LinkedIn's code first (it
// is more precise and stable than the number), then the status.
func KindForStatus(status int, code string) Kind {
	switch code {
	case "EXPIRED_ACCESS_TOKEN", "REVOKED_ACCESS_TOKEN", "INVALID_ACCESS_TOKEN", "UNAUTHORIZED":
		return KindUnauthorized
	case "TOO_MANY_REQUESTS", "THROTTLED":
		return KindRateLimited
	case "NONEXISTENT_VERSION", "VERSION_MISSING", "INVALID_VERSION":
		return KindVersionRetired
	case "ACCESS_DENIED", "FORBIDDEN":
		return KindForbidden
	case "NOT_FOUND", "RESOURCE_NOT_FOUND":
		return KindNotFound
	}
	switch {
	case status == http.StatusUnauthorized:
		return KindUnauthorized
	case status == http.StatusForbidden:
		return KindForbidden
	case status == http.StatusTooManyRequests:
		return KindRateLimited
	case status == http.StatusUpgradeRequired:
		return KindVersionRetired
	case status == http.StatusNotFound:
		return KindNotFound
	case status >= 300 && status < 400:
		return KindRedirected
	case status >= 500:
		return KindServerError
	default:
		return KindClientError
	}
}

// ClassifyTransport classifies an error of the HTTP client.
func ClassifyTransport(endpoint string, err error) *Error {
	kind := KindUnreachable
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		kind = KindTimeout
	case errors.Is(err, context.Canceled):
		kind = KindCanceled
	}
	return &Error{Endpoint: endpoint, Kind: kind, Err: err}
}

// retryAfter parses a Retry-After header in seconds; 0 when absent.
func retryAfter(h http.Header) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(h.Get("Retry-After")))
	if err != nil || n <= 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

// sanitizeLog shortens an upstream text for a log line and strips control
// characters.
func sanitizeLog(s string) string {
	if len(s) > 200 {
		s = s[:200]
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}
