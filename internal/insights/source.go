package insights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Source yields the organization's posts and the bytes of their media.
// Implementations: linkedInSource (the REST API) and sampleSource (embedded).
type Source interface {
	// Posts returns the elements of LinkedIn's /rest/posts answer, as
	// received. The cache filters them to published, public posts.
	Posts(ctx context.Context) ([]json.RawMessage, error)
	// OpenMedia returns a reader of the bytes of the image or video named
	// by a validated URN, and its size (-1 when unknown). A source must
	// not return more than limit bytes without error; callers still cap.
	OpenMedia(ctx context.Context, urn string, limit int64) (io.ReadCloser, int64, error)
}

// errKind classifies a failure of the source for status mapping, metrics
// and backoff. Its string is the "outcome" metric label.
type errKind string

// Failure kinds. The HTTP status each maps to is in errKind.status.
const (
	kindTimeout        errKind = "timeout"
	kindUnreachable    errKind = "unreachable"
	kindUnauthorized   errKind = "unauthorized"
	kindForbidden      errKind = "forbidden"
	kindRateLimited    errKind = "rate_limited"
	kindVersionRetired errKind = "version_retired"
	kindServerError    errKind = "server_error"
	kindBadResponse    errKind = "bad_response"
	kindTooLarge       errKind = "too_large"
	kindNotFound       errKind = "not_found"
	kindClientError    errKind = "client_error"
	kindCanceled       errKind = "canceled"
)

// upstreamError is a classified failure of an upstream call. Code is
// LinkedIn's error code (e.g. EXPIRED_ACCESS_TOKEN) when the answer carried
// one. Its text is for logs only: visitors see errKind.message.
type upstreamError struct {
	Endpoint string // posts, images, videos, media, token
	Kind     errKind
	Status   int    // upstream HTTP status, 0 when none
	Code     string // LinkedIn's "code" field
	Err      error  // underlying cause, may be nil
	// RetryAfter is upstream's Retry-After, 0 when none.
	RetryAfter time.Duration
}

func (e *upstreamError) Error() string {
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

func (e *upstreamError) Unwrap() error { return e.Err }

// kindOf returns the kind of err, kindBadResponse when unclassified.
func kindOf(err error) errKind {
	var ue *upstreamError
	if errors.As(err, &ue) {
		return ue.Kind
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return kindTimeout
	}
	if errors.Is(err, context.Canceled) {
		return kindCanceled
	}
	return kindBadResponse
}

// status is the HTTP status the site answers for a failure of this kind:
// 504 when upstream was too slow, 503 when it asked us to wait or the day's
// budget of LinkedIn calls is spent, 404 for a media item the feed does not
// list (gone), and 502 for every other bad answer. Never 500.
func (k errKind) status() int {
	switch k {
	case kindTimeout, kindCanceled:
		return http.StatusGatewayTimeout
	case kindRateLimited, kindBudgetSpent:
		return http.StatusServiceUnavailable
	case kindNotFound, kindRefused:
		return http.StatusNotFound
	default:
		return http.StatusBadGateway
	}
}

// message is the fixed text a visitor sees for a failure of this kind. It
// never contains anything from upstream or from the request.
func (k errKind) message() string {
	switch k {
	case kindTimeout, kindCanceled:
		return "the insights feed did not answer in time"
	case kindRateLimited, kindBudgetSpent:
		return "the insights feed is temporarily unavailable, please try again later"
	case kindNotFound, kindRefused:
		return "media not found"
	case kindTooLarge:
		return "the upstream answer was too large"
	default:
		return "the insights feed is unavailable"
	}
}
