// Package byteranges answers one byte range at most: many small ranges of a
// small file would otherwise come to many times the file.
package byteranges

import (
	"io"
	"net/http"
	"strings"
	"time"
)

// ServeContent is http.ServeContent (Content-Type set on w) answering a
// request for several ranges with the whole content.
func ServeContent(w http.ResponseWriter, r *http.Request, modtime time.Time, content io.ReadSeeker) {
	if rg := r.Header.Values("Range"); len(rg) > 1 || len(rg) == 1 && strings.Contains(rg[0], ",") {
		r.Header.Del("Range")
	}
	http.ServeContent(w, r, "", modtime, content)
}
