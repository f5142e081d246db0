package insights

import (
	"errors"
	"fmt"
	"net/url"

	"github.com/veldhaven/site/internal/linkedin"
)

// Failure kinds of this file: a media download refused by the allow-list
// or the dialer (answered as a missing image), and an API or token answer
// that tried to redirect (never followed).
const (
	kindRefused    errKind = "refused"
	kindRedirected errKind = "redirected"
)

// checkMediaURL refuses a download URL whose origin is not allowed, before
// anything is dialled.
func checkMediaURL(m linkedin.MediaOrigins, dl *url.URL) error {
	if !m.Allows(dl) {
		return &upstreamError{Endpoint: "media", Kind: kindRefused,
			Err: fmt.Errorf("%w: download URL %s is not on an origin of LINKEDIN_MEDIA_ORIGINS", linkedin.ErrMediaRefused, linkedin.RedactURL(dl))}
	}
	return nil
}

// mediaTransportError classifies an error of a media download: refused by
// the allow-list or the dialer, or a transport failure; the URL it names
// loses its query string either way.
func mediaTransportError(err error) *upstreamError {
	if errors.Is(err, linkedin.ErrMediaRefused) {
		return &upstreamError{Endpoint: "media", Kind: kindRefused, Err: linkedin.RedactError(err)}
	}
	e := classifyTransport("media", err)
	e.Err = linkedin.RedactError(e.Err)
	return e
}
