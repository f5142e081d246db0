package server

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// maxPathLen is far beyond any page of the site; longer paths are 404 unread.
const maxPathLen = 1024

// staticHandler answers for the pages and assets of a Site.
type staticHandler struct {
	site      *Site
	redirects map[string]string
	csp       cspBuilder
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
	for _, seg := range strings.Split(p, "/") {
		if seg == "." || seg == ".." {
			return false
		}
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

// serveFile writes the best variant the client accepts. A 200 goes through
// http.ServeContent for conditional and range requests; the 404 page is
// written as is.
func (h *staticHandler) serveFile(w http.ResponseWriter, r *http.Request, f *file, status int) {
	hdr := w.Header()
	hdr.Set("Content-Type", f.contentType)
	hdr.Set("Vary", "Accept-Encoding")
	if f.scriptHashes != nil || strings.HasPrefix(f.contentType, "text/html") {
		hdr.Set("Content-Security-Policy", h.csp.build(f.scriptHashes))
	}
	switch {
	case status != http.StatusOK:
		hdr.Set("Cache-Control", "no-cache")
	case f.immutable:
		hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	default:
		hdr.Set("Cache-Control", "no-cache")
	}
	v := &f.identity
	br, gz := acceptsEncodings(r.Header.Get("Accept-Encoding"))
	switch {
	case br && f.brotli != nil:
		v = f.brotli
		hdr.Set("Content-Encoding", "br")
	case gz && f.gzip != nil:
		v = f.gzip
		hdr.Set("Content-Encoding", "gzip")
	}
	if status != http.StatusOK {
		hdr.Set("Content-Length", strconv.Itoa(len(v.data)))
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			_, _ = w.Write(v.data)
		}
		return
	}
	hdr.Set("ETag", v.etag)
	if hdr.Get("Content-Encoding") != "" {
		// Byte ranges of a compressed body confuse more clients than they help.
		r.Header.Del("Range")
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(v.data))
}
