package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/veldhaven/site/internal/respond"
)

// file is a page or asset with its headers worked out at start; its bytes
// stay in the site's file system.
type file struct {
	name string // in the site's file system
	// header holds the headers of a 200 answer: Content-Type, Cache-Control,
	// and Content-Security-Policy for HTML, CORP for share images.
	header      http.Header
	subresource bool // see isSubresourceType
	// encodings are the precompressed variants the build wrote beside it (name.br, name.gz), best first.
	encodings []string
	data      []byte // the bytes of a file the server makes itself, else nil
	// etags, lengths and codings are header values by coding ("": identity).
	etags, lengths, codings map[string][]string
}

// Site is the prerendered site, indexed once at start.
type Site struct {
	fsys     fs.FS
	files    map[string]*file // by URL path: "/", "/careers", "/assets/x.js"
	pages    []string         // URL paths of the pages, sorted; the 404 page excluded
	notFound *file
	// editor is the editor's page (served at /admin/, never a page of the
	// sitemap); nil when the build has no editor.
	editor *file
}

// notFoundPage is where the build prerenders its 404 page.
const notFoundPage = "404.html"

// The editor's page, and its generated configuration, never served as is.
const (
	editorPage        = "admin/index.html"
	editorBuildConfig = "admin/config.json"
)

// variantSuffix maps a content coding to the suffix of its precompressed file.
var variantSuffix = map[string]string{"br": ".br", "gzip": ".gz"}

// LoadSite indexes the build: `x/index.html` is served at `/x`, `404.html`
// only as the not-found page, `admin/index.html` at /admin/; `.br` and `.gz`
// are variants, and other HTML and hidden files are not served.
func LoadSite(fsys fs.FS) (*Site, error) {
	s := &Site{fsys: fsys, files: map[string]*file{}}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		base := path.Base(name)
		if strings.HasPrefix(base, ".") || strings.HasPrefix(name, editorBuildConfig) ||
			strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			return nil
		}
		var encodings []string
		for _, coding := range []string{"br", "gzip"} {
			if _, err := fs.Stat(fsys, name+variantSuffix[coding]); err == nil {
				encodings = append(encodings, coding)
			}
		}
		f, err := newFile(fsys, name, nil, encodings)
		if err != nil {
			return err
		}
		switch {
		case name == notFoundPage:
			s.notFound = f
		case name == editorPage:
			s.editor = f
		case base == "index.html":
			urlPath := "/" + strings.TrimSuffix(strings.TrimSuffix(name, "index.html"), "/")
			s.files[urlPath] = f
			s.pages = append(s.pages, urlPath)
		case !strings.HasSuffix(base, ".html"): // other HTML (__spa-fallback.html) is not a page
			s.files["/"+name] = f
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load site: %w", err)
	}
	if s.notFound == nil {
		return nil, fmt.Errorf("load site: no %s in the build", notFoundPage)
	}
	if _, ok := s.files["/"]; !ok {
		return nil, fmt.Errorf("load site: no index.html in the build")
	}
	sort.Strings(s.pages)
	return s, nil
}

// newFile works out the headers of a file and of each variant; one whose
// name holds no content hash is read once, for its ETag.
func newFile(fsys fs.FS, name string, data []byte, encodings []string) (*file, error) {
	validator, hashedName := nameValidator(name)
	h := sha256.New()
	if data != nil {
		h.Write(data)
	} else if !hashedName {
		if err := copyFile(h, fsys, name); err != nil {
			return nil, err
		}
	}
	if !hashedName {
		validator = hex.EncodeToString(h.Sum(nil)[:12])
	}
	t, cache := contentType(name), "no-cache"
	if hashedName {
		cache = "public, max-age=31536000, immutable"
	}
	f := &file{name: name, data: data, encodings: encodings, subresource: isSubresourceType(t),
		header: http.Header{"Content-Type": {t}, "Cache-Control": {cache}},
		etags:  map[string][]string{}, lengths: map[string][]string{}, codings: map[string][]string{}}
	if strings.HasPrefix(name, shareImageDir) {
		f.header["Cross-Origin-Resource-Policy"] = []string{"cross-origin"}
	}
	for _, coding := range append([]string{""}, encodings...) {
		size := int64(len(data))
		if data == nil {
			info, err := fs.Stat(fsys, name+variantSuffix[coding])
			if err != nil {
				return nil, err
			}
			size = info.Size()
		}
		f.etags[coding] = []string{`"` + validator + strings.ReplaceAll(variantSuffix[coding], ".", "-") + `"`}
		f.lengths[coding] = []string{strconv.FormatInt(size, 10)}
		f.codings[coding] = []string{coding}
	}
	return f, nil
}

func copyFile(w io.Writer, fsys fs.FS, name string) error {
	src, err := fsys.Open(name)
	if err != nil {
		return err
	}
	defer src.Close()
	if _, err := io.Copy(w, src); err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	return nil
}

// generatedFile is a file the server makes itself (sitemap, robots.txt).
func generatedFile(name string, data []byte) *file {
	f, _ := newFile(nil, name, data, nil) // reads no file system: no error
	return f
}

// open returns the bytes of f in a coding ("" for identity).
func (s *Site) open(f *file, coding string) (io.ReadSeeker, func() error, error) {
	if f.data != nil {
		return bytes.NewReader(f.data), func() error { return nil }, nil
	}
	src, err := s.fsys.Open(f.name + variantSuffix[coding])
	if err != nil {
		return nil, nil, err
	}
	if rs, ok := src.(io.ReadSeeker); ok {
		return rs, src.Close, nil
	}
	_ = src.Close()
	return nil, nil, fmt.Errorf("%s: not a seekable file", f.name)
}

// nameValidator is the content hash in a content-hashed name.
func nameValidator(name string) (string, bool) {
	for _, re := range hashed {
		if m := re.FindStringSubmatch(name); m != nil {
			return m[1], true
		}
	}
	return "", false
}

// Content-hashed names (Astro's, the editor's, the media pipeline's) are the
// only ones cached for a year.
var hashed = []*regexp.Regexp{
	regexp.MustCompile(`^_astro/.+\.([A-Za-z0-9_-]{8})\.[a-z0-9]+$`),
	regexp.MustCompile(`^admin/assets/.+\.([A-Za-z0-9_-]{8})\.[a-z0-9]+$`),
	regexp.MustCompile(`^media/.+\.([0-9a-f]{8})\.[a-z0-9]+$`),
}

// shareImageDir holds the pictures link previews show (og:image): the networks
// and any page that embeds a preview load them from other origins.
const shareImageDir = "media/share/"

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
	".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
	".json": "application/json", ".map": "application/json",
	".webmanifest": "application/manifest+json", ".xml": "application/xml; charset=utf-8",
	".txt": "text/plain; charset=utf-8", ".yml": "text/yaml; charset=utf-8",
	".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".webp": "image/webp", ".avif": "image/avif", ".gif": "image/gif", ".ico": "image/x-icon",
	".mp4": "video/mp4", ".webm": "video/webm", ".vtt": "text/vtt; charset=utf-8",
	".pdf": "application/pdf", ".woff2": "font/woff2", ".woff": "font/woff",
}

func contentType(name string) string {
	if t, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}

// isSubresourceType reports whether a browser uses this type only from a
// document (script, style, raster image, font, video), never as one.
func isSubresourceType(t string) bool {
	mime, _, _ := strings.Cut(t, ";")
	if mime == "text/javascript" || mime == "text/css" {
		return true
	}
	return mime != "image/svg+xml" && slices.ContainsFunc([]string{"image/", "font/", "video/", "audio/"},
		func(p string) bool { return strings.HasPrefix(mime, p) })
}

// maxPathLen is far beyond any page of the site; longer paths are 404 unread.
const maxPathLen = 1024

// staticHandler answers for the pages and assets of a Site.
type staticHandler struct {
	site      *Site
	redirects map[string]string
}

func (h *staticHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		methodNotAllowed(w, r)
		return
	}
	p := r.URL.Path
	if !safePath(p) {
		h.serveFile(w, r, h.site.notFound, http.StatusNotFound)
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
		_, page := h.site.files[clean]
		_, redirected := h.redirects[clean]
		if (page || redirected) && !strings.Contains(clean, "//") {
			redirect(w, r, clean)
			return
		}
	}
	if f, ok := h.site.files[p]; ok {
		h.serveFile(w, r, f, http.StatusOK)
		return
	}
	h.serveFile(w, r, h.site.notFound, http.StatusNotFound)
}

// safePath rejects what no page or asset can be: invalid UTF-8, control
// characters, backslashes, dot segments and absurd lengths.
func safePath(p string) bool {
	if len(p) == 0 || len(p) > maxPathLen || p[0] != '/' || !utf8.ValidString(p) {
		return false
	}
	if strings.ContainsFunc(p, func(c rune) bool { return c < 0x20 || c == 0x7f || c == '\\' }) {
		return false
	}
	for seg := range strings.SplitSeq(p, "/") {
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

// serveFile answers the best variant the client accepts; a plain GET is copied
// through a pooled buffer, conditional and range requests use ServeContent.
func (h *staticHandler) serveFile(w http.ResponseWriter, r *http.Request, f *file, status int) {
	hdr := w.Header()
	maps.Copy(hdr, f.header)
	if f.subresource {
		for _, k := range documentOnlyHeaders {
			delete(hdr, k)
		}
	}
	hdr["Vary"] = varyEncoding
	coding := ""
	br, gz := respond.Encodings(r.Header.Get("Accept-Encoding"))
	for _, c := range f.encodings {
		if c == "br" && br || c == "gzip" && gz {
			coding = c
			break
		}
	}
	content, closeContent, err := h.site.open(f, coding)
	if err != nil {
		delete(hdr, "Vary")
		hdr.Set("Cache-Control", "no-store")
		http.Error(w, "internal server error", http.StatusInternalServerError)
		return
	}
	defer closeContent()
	if coding != "" {
		hdr["Content-Encoding"] = f.codings[coding]
		// A byte range of a compressed body confuses more clients than it helps.
		r.Header.Del("Range")
	}
	if status == http.StatusOK {
		hdr["Etag"] = f.etags[coding]
		// With no modification time (embedded files), If-Modified-Since and
		// If-Unmodified-Since never apply; If-Range only with a Range.
		if len(r.Header["Range"]) > 0 || len(r.Header["If-None-Match"]) > 0 || len(r.Header["If-Match"]) > 0 {
			respond.Content(w, r, time.Time{}, content)
			return
		}
		hdr["Accept-Ranges"] = acceptRanges
	} else {
		hdr.Set("Cache-Control", "no-cache")
	}
	hdr["Content-Length"] = f.lengths[coding]
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		buf := copyBufs.Get().(*[]byte)
		defer copyBufs.Put(buf)
		_, _ = io.CopyBuffer(struct{ io.Writer }{w}, struct{ io.Reader }{content}, *buf)
	}
}

// copyBufs are the buffers bodies are copied through: most files fit one whole.
var copyBufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// Header values shared by every response: net/http never writes into them.
var (
	varyEncoding = []string{"Accept-Encoding"}
	acceptRanges = []string{"bytes"}
)
