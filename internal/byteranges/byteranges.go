// Package byteranges answers one byte range at most: many small ranges of a
// small file would otherwise come to many times the file.
package byteranges

import (
	"io"
	"net/http"
	"strconv"
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

// ServeGzip is ServeContent for a gzip body of size bytes: never in ranges,
// and with its length on a 200, which http.ServeContent leaves out of an
// encoded answer.
func ServeGzip(w http.ResponseWriter, r *http.Request, modtime time.Time, content io.ReadSeeker, size int64) {
	w.Header().Set("Content-Encoding", "gzip")
	r.Header.Del("Range")
	if r.Header.Get("If-Match") == "" && r.Header.Get("If-None-Match") == "" {
		w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	}
	ServeContent(w, r, modtime, content)
}
