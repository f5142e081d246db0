package insights

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/veldhaven/site/internal/linkedin"
)

// Source yields the organization's posts and the bytes of their media.
// Implementations: linkedInSource (the REST API) and feedsample.Source (embedded).
type Source interface {
	// Posts returns the elements of LinkedIn's /rest/posts answer, as
	// received. The cache filters them to published, public posts.
	Posts(ctx context.Context) ([]json.RawMessage, error)
	// OpenMedia returns a reader of the bytes of the image or video named
	// by a validated URN, and its size (-1 when unknown). A source must
	// not return more than limit bytes without error; callers still cap.
	OpenMedia(ctx context.Context, urn string, limit int64) (io.ReadCloser, int64, error)
}

// status is the HTTP status answered for a failure of this kind: 504 slow,
// 503 asked to wait or budget spent, 404 unlisted media, else 502; never 500.
func kindStatus(k linkedin.Kind) int {
	switch k {
	case linkedin.KindTimeout, linkedin.KindCanceled:
		return http.StatusGatewayTimeout
	case linkedin.KindRateLimited, linkedin.KindBudgetSpent:
		return http.StatusServiceUnavailable
	case linkedin.KindNotFound, linkedin.KindRefused:
		return http.StatusNotFound
	default:
		return http.StatusBadGateway
	}
}

// message is the fixed text a visitor sees for a failure of this kind. It
// never contains anything from upstream or from the request.
func kindMessage(k linkedin.Kind) string {
	switch k {
	case linkedin.KindTimeout, linkedin.KindCanceled:
		return "the insights feed did not answer in time"
	case linkedin.KindRateLimited, linkedin.KindBudgetSpent:
		return "the insights feed is temporarily unavailable, please try again later"
	case linkedin.KindNotFound, linkedin.KindRefused:
		return "media not found"
	case linkedin.KindTooLarge:
		return "the upstream answer was too large"
	default:
		return "the insights feed is unavailable"
	}
}
