// Package byteranges answers byte-range requests with one range at most:
// http.ServeContent bounds the sum of the ranges, not the multipart headers
// around each, so many small ranges of a small file came to many times the
// file. No browser asks for more than one.
package byteranges

import (
	"io"
	"net/http"
	"strings"
	"time"
)

// ServeContent is http.ServeContent (no name: the Content-Type must be set
// on w), with a Range header of more than one range ignored (RFC 9110 §14.2
// allows it): the whole content, 200, is then the answer. Every path of the
// site that answers ranges goes through it.
func ServeContent(w http.ResponseWriter, r *http.Request, modtime time.Time, content io.ReadSeeker) {
	if rg := r.Header.Values("Range"); len(rg) > 1 || len(rg) == 1 && strings.Contains(rg[0], ",") {
		r.Header.Del("Range")
	}
	http.ServeContent(w, r, "", modtime, content)
}
