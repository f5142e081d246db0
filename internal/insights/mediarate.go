package insights

import (
	"errors"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
)

// Defaults of the media download rate (a token bucket): every item is fetched
// once and kept, so 30 at once and one every 2 s is far above a real load and
// far below what LinkedIn's throttling would notice.
const (
	DefaultMediaFetchRate  = 0.5 // downloads per second, refilled
	DefaultMediaFetchBurst = 30
)

// errMediaRate is the error of a media fetch refused because visitors
// have made the site fetch too much from LinkedIn lately. It is not
// remembered as a failure of the item: the next fetch after a refill works.
var errMediaRate = errors.New("media download rate exceeded")

// takeMediaDownload spends one upstream media download, or returns the
// rate-limited error visitors see as 503 with Retry-After.
func (s *Service) takeMediaDownload() error {
	if ok, wait := s.mediaDownloads.Take(); !ok {
		return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindRateLimited, Err: errMediaRate, RetryAfter: wait.Round(time.Second)}
	}
	return nil
}
