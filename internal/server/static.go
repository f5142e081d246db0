package server

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/veldhaven/site/internal/accept"
	"github.com/veldhaven/site/internal/byteranges"
)

// maxPathLen is far beyond any page of the site; longer paths are 404 unread.
const maxPathLen = 1024

// staticHandler answers for the pages and assets of a Site.
type staticHandler struct {
	site      *Site
	redirects map[string]string
	csp       cspBuilder
	// forceServeContent sends every 200 through http.ServeContent (tests compare both paths).
	forceServeContent bool
}

func (h *staticHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if !safePath(p) {
		h.serveNotFound(w, r)
		return
	}
	if target, ok := h.redirects[p]; ok {
		redirect(w, r, target)
		return
	}
	if len(p) > 1 && strings.HasSuffix(p, "/") {
		// Only pages get the redirect: an unknown path is a 404 straight away,
		// and a path like "//evil.example/" can never become an off-site Location.
		clean := "/" + strings.Trim(p, "/")
		if _, ok := h.site.files[clean]; ok && !strings.Contains(clean, "//") {
			redirect(w, r, clean)
			return
		}
		if _, ok := h.redirects[clean]; ok && !strings.Contains(clean, "//") {
			redirect(w, r, clean)
			return
		}
	}
	f, ok := h.site.files[p]
	if !ok {
		h.serveNotFound(w, r)
		return
	}
	h.serveFile(w, r, f, http.StatusOK)
}

// safePath rejects what no page or asset can be: invalid UTF-8, control
// characters, backslashes, dot segments and absurd lengths. Lookups are in a
// map of known files, so nothing reaches a file system either way.
func safePath(p string) bool {
	if len(p) == 0 || len(p) > maxPathLen || p[0] != '/' || !utf8.ValidString(p) {
		return false
	}
	for _, c := range p {
		if c < 0x20 || c == 0x7f || c == '\\' {
			return false
		}
	}
	for rest := p; rest != ""; {
		seg, after, _ := strings.Cut(rest, "/")
		if seg == "." || seg == ".." {
			return false
		}
		rest = after
	}
	return true
}

func redirect(w http.ResponseWriter, r *http.Request, target string) {
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	http.Redirect(w, r, target, http.StatusMovedPermanently)
}

func (h *staticHandler) serveNotFound(w http.ResponseWriter, r *http.Request) {
	h.serveFile(w, r, h.site.notFound, http.StatusNotFound)
}

// Header values shared by every response that carries them. Handlers assign
// these slices into the header map (no per-request allocation); net/http and
// Header.Set/Add/Del only ever replace a value slice, never write into it.
var (
	cacheNoCache     = []string{"no-cache"}
	cacheImmutable   = []string{"public, max-age=31536000, immutable"}
	cacheNoStore     = []string{"no-store"}
	varyEncoding     = []string{"Accept-Encoding"}
	encodingBrotli   = []string{"br"}
	encodingGzip     = []string{"gzip"}
	acceptRangeBytes = []string{"bytes"}
)

// serveFile writes the best variant the client accepts. A plain 200 (no
// Range, no If-Match/If-None-Match) is written directly with precomputed
// headers; conditional and range requests go through http.ServeContent; the
// 404 page is written as is. Keys are in canonical form (as Header.Set would
// make them: "Etag", not "ETag").
func (h *staticHandler) serveFile(w http.ResponseWriter, r *http.Request, f *file, status int) {
	hdr := w.Header()
	hdr["Content-Type"] = f.contentTypeHeader
	hdr["Vary"] = varyEncoding
	if f.csp != nil {
		hdr["Content-Security-Policy"] = f.csp
	}
	if f.subresource {
		for _, k := range documentOnlyHeaders {
			delete(hdr, k)
		}
	}
	if f.shareable {
		hdr["Cross-Origin-Resource-Policy"] = corpCrossOrigin
	}
	if status == http.StatusOK {
		hdr["Cache-Control"] = f.cacheControl
	} else {
		hdr["Cache-Control"] = cacheNoCache
	}
	v := &f.identity
	br, gz := accept.Encodings(r.Header.Get("Accept-Encoding"))
	switch {
	case br && f.brotli != nil:
		v = f.brotli
		hdr["Content-Encoding"] = encodingBrotli
	case gz && f.gzip != nil:
		v = f.gzip
		hdr["Content-Encoding"] = encodingGzip
	}
	var content io.ReadSeeker
	if v.data == nil {
		src, err := f.open()
		if err != nil {
			for _, k := range []string{"Content-Encoding", "Vary"} {
				delete(hdr, k)
			}
			hdr["Cache-Control"] = cacheNoStore
			http.Error(w, "internal server error", http.StatusInternalServerError)
			return
		}
		defer src.Close()
		content = src
	}
	if status != http.StatusOK {
		writeWhole(w, r, status, v, content)
		return
	}
	hdr["Etag"] = v.etagHeader
	if v != &f.identity {
		// Byte ranges of a compressed body confuse more clients than they help.
		r.Header.Del("Range")
	}
	if !h.forceServeContent && !isConditional(r.Header) {
		// What http.ServeContent answers here, without its work, and with a
		// Content-Length for compressed bodies too (it leaves that out when
		// Content-Encoding is set, which turns a large body into chunks).
		hdr["Accept-Ranges"] = acceptRangeBytes
		writeWhole(w, r, http.StatusOK, v, content)
		return
	}
	if content == nil {
		content = bytes.NewReader(v.data)
	}
	byteranges.ServeContent(w, r, time.Time{}, content, v.size)
}

// copyBufs are the buffers media bodies are copied through (io.Copy would
// allocate 32 KiB per request).
var copyBufs = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// writeWhole sends the whole of v with status and its Content-Length, the
// body from memory or, for files served from the embedded data, from content.
func writeWhole(w http.ResponseWriter, r *http.Request, status int, v *variant, content io.Reader) {
	w.Header()["Content-Length"] = v.lengthHeader
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	if content == nil {
		_, _ = w.Write(v.data)
	} else {
		copyBody(w, content)
	}
}

func copyBody(w io.Writer, src io.Reader) {
	buf := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(buf)
	_, _ = io.CopyBuffer(struct{ io.Writer }{w}, struct{ io.Reader }{src}, *buf)
}

// isConditional reports whether a request has a header that can make
// http.ServeContent answer other than a plain 200. With no modification time
// (embedded files), If-Modified-Since and If-Unmodified-Since never apply;
// If-Range only matters with a Range.
func isConditional(h http.Header) bool {
	return len(h["Range"]) > 0 || len(h["If-None-Match"]) > 0 || len(h["If-Match"]) > 0
}
