// Package respond holds the answers the server's handlers share: the JSON
// APIs' error, the client's encodings, and content in one byte range at most
// (many small ranges of a small file would come to many times the file).
package respond

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Error answers status with msg as the JSON APIs' error, never cached; msg is
// a fixed text, never request or upstream data. A success's validators go.
func Error(w http.ResponseWriter, status int, msg string) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Del("Etag")
	h.Del("Last-Modified")
	body, _ := json.Marshal(struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	}{status, msg})
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// maxHeader bounds the work spent on a client's header.
const maxHeader = 1024

// Encodings reports whether a client takes Brotli and gzip (q=0 refuses, "*"
// stands for the rest); it runs on every request, so it allocates nothing.
func Encodings(header string) (br, gz bool) {
	// Weights of the codings that matter; -1 means not listed.
	qBr, qGzip, qXGzip, qStar := -1.0, -1.0, -1.0, -1.0
	for part := range strings.SplitSeq(header[:min(len(header), maxHeader)], ",") {
		name, params, _ := strings.Cut(part, ";")
		weight := 1.0
		if k, v, ok := strings.Cut(params, "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			w, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || w < 0 || w > 1 {
				continue
			}
			weight = w
		}
		switch name = strings.TrimSpace(name); {
		case strings.EqualFold(name, "br"):
			qBr = weight
		case strings.EqualFold(name, "gzip"):
			qGzip = weight
		case strings.EqualFold(name, "x-gzip"):
			qXGzip = weight
		case name == "*":
			qStar = weight
		}
	}
	accepted := func(q float64) bool { return q > 0 || q < 0 && qStar > 0 }
	return accepted(qBr), accepted(qGzip) || accepted(qXGzip)
}

// Content is http.ServeContent (Content-Type set on w) answering a
// request for several ranges with the whole content.
func Content(w http.ResponseWriter, r *http.Request, modtime time.Time, content io.ReadSeeker) {
	if rg := r.Header.Values("Range"); len(rg) > 1 || len(rg) == 1 && strings.Contains(rg[0], ",") {
		r.Header.Del("Range")
	}
	http.ServeContent(w, r, "", modtime, content)
}

// Gzip is Content for a gzip body of size bytes: never in ranges,
// and with its length on a 200, which http.ServeContent leaves out of an
// encoded answer.
func Gzip(w http.ResponseWriter, r *http.Request, modtime time.Time, content io.ReadSeeker, size int64) {
	w.Header().Set("Content-Encoding", "gzip")
	r.Header.Del("Range")
	if r.Header.Get("If-Match") == "" && r.Header.Get("If-None-Match") == "" {
		w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	}
	Content(w, r, modtime, content)
}
