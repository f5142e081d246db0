package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// variant is one representation of a file, with its header values ready to
// assign into a response's header map. Its bytes are either held in memory
// (data) or, for large media, left in the file system the site was loaded
// from (data nil): embedded files are read from the binary's read-only data
// per request, never copied into the heap.
type variant struct {
	data []byte
	size int64
	etag string
	// etagHeader and lengthHeader are the ETag and Content-Length values.
	etagHeader, lengthHeader []string
}

func newVariant(data []byte, etag string) variant {
	v := newStreamedVariant(int64(len(data)), etag)
	v.data = data
	return v
}

// newStreamedVariant describes bytes that stay in the site's file system.
func newStreamedVariant(size int64, etag string) variant {
	return variant{size: size, etag: etag, etagHeader: []string{etag}, lengthHeader: []string{strconv.FormatInt(size, 10)}}
}

// file is a page or asset held in memory with everything needed to answer
// for it precomputed: no hashing or compression per request.
type file struct {
	name        string // path in the site file system
	contentType string
	immutable   bool
	// subresource is set for types a browser never renders as a document
	// (see isSubresourceType): they go without the document-only headers.
	subresource bool
	// shareable files (the share images under media/share/) are meant to be
	// shown by other sites: they are served with
	// Cross-Origin-Resource-Policy: cross-origin.
	shareable bool
	// validator identifies the identity bytes; ETags are made from it.
	validator string
	// contentTypeHeader and cacheControl are the header values of a 200 answer.
	contentTypeHeader, cacheControl []string
	// csp is the Content-Security-Policy of an HTML file (nil otherwise), set by New.
	csp []string
	// hashes are the CSP source expressions for the inline scripts and styles of an HTML file.
	hashes       inlineHashes
	identity     variant
	gzip, brotli *variant
	// fsys holds the identity bytes when identity.data is nil (media, and
	// text that has compressed variants).
	fsys fs.FS
}

// Site is the prerendered site, loaded once at start.
type Site struct {
	files    map[string]*file // by URL path: "/", "/careers", "/assets/x.js"
	pages    []string         // URL paths of the pages, sorted; the 404 page excluded
	notFound *file
	// editor is the editor's page (served at /admin/, never a page of the
	// sitemap); nil when the build has no editor.
	editor *file
}

// notFoundPage is where the build prerenders its 404 page.
const notFoundPage = "404.html"

// The editor in the build: its page, and the generated part of its
// configuration, which the server serves merged with its backend as
// /admin/config.yml and never as it is.
const (
	editorPage        = "admin/index.html"
	editorBuildConfig = "admin/config.json"
)

// LoadSite loads the build. Pages are the `index.html` files (`x/index.html`
// is served at `/x`); `404.html` is the not-found page and is never
// served with 200. `admin/index.html` is the editor's page, served at
// /admin/ and not a page of the site; `admin/config.json` is not served (see
// editorBuildConfig). `.br` and `.gz` files are the precompressed variants of
// the file they are named after. Other HTML files and hidden files are not
// served.
//
// Text (pages, scripts, styles, their compressed variants) is read into
// memory with its headers precomputed. Media (images, video, documents,
// fonts) stays in fsys and is read per request: with the embedded build that
// is the binary's read-only data, which the kernel pages in and out, where a
// copy would keep tens of MB on the heap. Their ETags are still computed here.
func LoadSite(fsys fs.FS) (*Site, error) {
	s := &Site{files: map[string]*file{}}
	compressed := map[string][]byte{}
	var scan scanBuffer
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		base := path.Base(name)
		if strings.HasPrefix(base, ".") || name == editorBuildConfig || strings.HasPrefix(name, editorBuildConfig+".") {
			return nil
		}
		if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				return fmt.Errorf("read %s: %w", name, err)
			}
			compressed[name] = data
			return nil
		}
		var f *file
		if streamable(name) || hasCompressedVariant(fsys, name) {
			if f, err = newStreamedFile(fsys, name, &scan); err != nil {
				return err
			}
		}
		if f == nil {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				return fmt.Errorf("read %s: %w", name, err)
			}
			f = newFile(name, data)
		}
		switch {
		case name == notFoundPage:
			s.notFound = f
		case name == editorPage:
			s.editor = f
		case base == "index.html":
			dir := path.Dir(name)
			urlPath := "/"
			if dir != "." {
				urlPath = "/" + dir
			}
			s.files[urlPath] = f
			s.pages = append(s.pages, urlPath)
		case strings.HasSuffix(base, ".html"):
			// Not a page of the site (e.g. __spa-fallback.html).
		default:
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
	all := append([]*file{s.notFound}, mapValues(s.files)...)
	if s.editor != nil {
		all = append(all, s.editor)
	}
	for _, f := range all {
		if data, ok := compressed[f.name+".br"]; ok {
			v := newVariant(data, f.etag("br"))
			f.brotli = &v
		}
		if data, ok := compressed[f.name+".gz"]; ok {
			v := newVariant(data, f.etag("gz"))
			f.gzip = &v
		}
	}
	sort.Strings(s.pages)
	return s, nil
}

// streamable reports whether a file is media, served from the site's file
// system rather than from memory: everything but text, which is small, hot
// and has compressed variants.
func streamable(name string) bool {
	t := contentType(name)
	switch {
	case strings.HasPrefix(t, "text/"), strings.HasSuffix(t, "json"), strings.HasPrefix(t, "application/xml"), t == "image/svg+xml":
		return false
	}
	return true
}

// hasCompressedVariant reports whether the build has a .br or .gz of name.
// Such a file's identity bytes are cold (every browser takes gzip or br), and
// with pages' inline CSS they are most of the text: they stay in the file
// system like media, while the variants are held in memory.
func hasCompressedVariant(fsys fs.FS, name string) bool {
	for _, ext := range []string{".br", ".gz"} {
		if _, err := fs.Stat(fsys, name+ext); err == nil {
			return true
		}
	}
	return false
}

// newStreamedFile describes a file whose identity bytes stay in fsys. It
// returns nil when fsys cannot seek in the file (Range needs that); the
// caller then reads it into memory. An HTML file is read into scan's
// buffer, which the next one reuses.
func newStreamedFile(fsys fs.FS, name string, scan *scanBuffer) (*file, error) {
	src, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", name, err)
	}
	defer src.Close()
	info, err := src.Stat()
	if err != nil {
		return nil, fmt.Errorf("stat %s: %w", name, err)
	}
	if _, ok := src.(io.ReadSeeker); !ok {
		return nil, nil
	}
	f := &file{name: name, fsys: fsys}
	validator, ok := nameValidator(name)
	switch {
	case strings.HasSuffix(name, ".html"):
		// Read once for the CSP hashes of its inline code; not kept.
		data, err := scan.read(src, info.Size())
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		validator = validatorOf(name, data)
		f.hashes = inlineHashesOf(data)
	case !ok:
		// Hashed once, through a small buffer: nothing of the file is kept.
		h := sha256.New()
		if _, err := io.Copy(h, src); err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		validator = hex.EncodeToString(h.Sum(nil)[:12])
	}
	f.validator = validator
	f.setHeaders()
	f.identity = newStreamedVariant(info.Size(), f.etag(""))
	return f, nil
}

// open returns the identity bytes of a streamed file (fsys is set), positioned at the start.
func (f *file) open() (io.ReadSeekCloser, error) {
	src, err := f.fsys.Open(f.name)
	if err != nil {
		return nil, err
	}
	rs, ok := src.(io.ReadSeekCloser)
	if !ok {
		_ = src.Close()
		return nil, fmt.Errorf("%s: not seekable", f.name)
	}
	return rs, nil
}

// heapBytes is how many bytes of file contents the site holds in memory.
func (s *Site) heapBytes() int64 {
	var n int64
	all := append(mapValues(s.files), s.notFound)
	if s.editor != nil {
		all = append(all, s.editor)
	}
	for _, f := range all {
		for _, v := range []*variant{&f.identity, f.gzip, f.brotli} {
			if v != nil {
				n += int64(len(v.data))
			}
		}
	}
	return n
}

func mapValues(m map[string]*file) []*file {
	out := make([]*file, 0, len(m))
	for _, f := range m {
		out = append(out, f)
	}
	return out
}

func newFile(name string, data []byte) *file {
	f := &file{name: name, validator: validatorOf(name, data)}
	f.setHeaders()
	f.identity = newVariant(data, f.etag(""))
	if strings.HasSuffix(name, ".html") {
		f.hashes = inlineHashesOf(data)
	}
	return f
}

// setHeaders derives the content type and caching of a file from its name.
func (f *file) setHeaders() {
	f.contentType = contentType(f.name)
	f.subresource = isSubresourceType(f.contentType)
	f.immutable = isHashedAsset(f.name)
	f.shareable = strings.HasPrefix(f.name, shareImageDir)
	f.contentTypeHeader = []string{f.contentType}
	f.cacheControl = cacheNoCache
	if f.immutable {
		f.cacheControl = cacheImmutable
	}
}

// generatedFile makes a file from bytes the server builds itself (sitemap,
// robots.txt), with a gzip variant.
func generatedFile(name string, data []byte) *file {
	f := newFile(name, data)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(data)
	_ = zw.Close()
	if buf.Len() < len(data) {
		v := newVariant(buf.Bytes(), f.etag("gz"))
		f.gzip = &v
	}
	return f
}

// validatorOf identifies the bytes of a file for its ETags. A content-hashed
// name already does (its URL changes with its bytes), which spares hashing
// the media at every start; other files get a SHA-256 prefix.
func validatorOf(name string, data []byte) string {
	if v, ok := nameValidator(name); ok {
		return v
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:12])
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

// etag is a strong validator of the file's identity bytes; each encoding gets its own.
func (f *file) etag(encoding string) string {
	tag := f.validator
	if encoding != "" {
		tag += "-" + encoding
	}
	return `"` + tag + `"`
}

// Astro puts content-hashed bundles under _astro/ (name.AbCd12_-.ext), the
// editor's build its own under admin/assets/ (same form); the media pipeline
// writes content-hashed names (name.0123abcd.ext) under media/. Only those may
// be cached for a year: other files keep their URL when their bytes change.
var (
	astroAsset  = regexp.MustCompile(`^_astro/.+\.([A-Za-z0-9_-]{8})\.[a-z0-9]+$`)
	editorAsset = regexp.MustCompile(`^admin/assets/.+\.([A-Za-z0-9_-]{8})\.[a-z0-9]+$`)
	mediaAsset  = regexp.MustCompile(`^media/.+\.([0-9a-f]{8})\.[a-z0-9]+$`)
	hashed      = []*regexp.Regexp{astroAsset, editorAsset, mediaAsset}
)

// shareImageDir holds the pictures link previews show (og:image): the networks
// and any page that embeds a preview load them from other origins.
const shareImageDir = "media/share/"

func isHashedAsset(name string) bool {
	return slices.ContainsFunc(hashed, func(re *regexp.Regexp) bool { return re.MatchString(name) })
}

var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".xml":         "application/xml; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".yml":         "text/yaml; charset=utf-8",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".gif":         "image/gif",
	".ico":         "image/x-icon",
	".mp4":         "video/mp4",
	".webm":        "video/webm",
	".vtt":         "text/vtt; charset=utf-8",
	".pdf":         "application/pdf",
	".woff2":       "font/woff2",
	".woff":        "font/woff",
}

// isSubresourceType reports whether a browser only ever uses a file of this
// type from a document (a script, a stylesheet, a raster image, a font, a
// video), never as a document that runs script or can be framed. HTML, SVG,
// PDF, JSON and text are not: opened directly, they are documents.
func isSubresourceType(t string) bool {
	mime, _, _ := strings.Cut(t, ";")
	switch mime {
	case "text/javascript", "text/css":
		return true
	case "image/svg+xml":
		return false // may hold script
	}
	for _, prefix := range []string{"image/", "font/", "video/", "audio/"} {
		if strings.HasPrefix(mime, prefix) {
			return true
		}
	}
	return false
}

func contentType(name string) string {
	if t, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}

// inlineHashes are CSP 'sha256-…' sources for the inline code of one HTML document.
type inlineHashes struct {
	scripts, styles []string
}

// scanBuffer is the buffer start-up reads the pages into to hash them, reused
// from page to page: the pages with their inlined CSS are megabytes, and a
// fresh (zeroed, grown) buffer for each cost more than hashing them.
type scanBuffer struct{ data []byte }

// read reads src, whose size its Stat gave, into the buffer.
func (b *scanBuffer) read(src io.Reader, size int64) ([]byte, error) {
	if cap(b.data) < int(size) {
		b.data = make([]byte, size)
	}
	b.data = b.data[:size]
	if _, err := io.ReadFull(src, b.data); err != nil {
		return nil, err
	}
	return b.data, nil
}

// inlineHashesOf lists a hash for each inline script and stylesheet of an
// HTML document, so the policy can allow exactly those and nothing else.
// Scripts with a src are covered by 'self'; data blocks (JSON-LD) are not
// executed and need no hash.
func inlineHashesOf(html []byte) inlineHashes {
	var h inlineHashes
	for _, el := range elements(html, "script") {
		attrs := strings.ToLower(string(html[el.attrs[0]:el.attrs[1]]))
		if strings.Contains(attrs, " src=") || strings.Contains(attrs, "application/ld+json") || strings.Contains(attrs, "application/json") {
			continue
		}
		h.scripts = appendHash(h.scripts, html[el.body[0]:el.body[1]])
	}
	for _, el := range elements(html, "style") {
		h.styles = appendHash(h.styles, html[el.body[0]:el.body[1]])
	}
	return h
}

// element is where one element's attributes and raw text content are in a document.
type element struct{ attrs, body [2]int }

// elements finds the <name …>…</name> elements of a raw-text kind (script,
// style) by plain search: a regular expression over the several MB of pages
// with inlined CSS made start-up take half a second, and a lowered copy of
// them a third of what was left. Tag names match in any case. An element
// without its closing tag ends the search.
func elements(html []byte, name string) []element {
	var out []element
	for at := 0; ; {
		start := tagAt(html, at, "<", name)
		if start < 0 {
			return out
		}
		// <scripts> or <style-guide> are other elements.
		if start < len(html) && !isTagNameEnd(html[start]) {
			at = start
			continue
		}
		gt := bytes.IndexByte(html[start:], '>')
		if gt < 0 {
			return out
		}
		bodyStart := start + gt + 1
		closeEnd := tagAt(html, bodyStart, "</", name)
		if closeEnd < 0 {
			return out
		}
		bodyEnd := closeEnd - len("</") - len(name)
		out = append(out, element{attrs: [2]int{start, start + gt}, body: [2]int{bodyStart, bodyEnd}})
		at = closeEnd
	}
}

// tagAt finds the first prefix+name (name in any ASCII case) at or after
// from and returns the index just past it, or -1.
func tagAt(html []byte, from int, prefix, name string) int {
	for at := from; ; {
		i := bytes.Index(html[at:], []byte(prefix))
		if i < 0 {
			return -1
		}
		at += i + len(prefix)
		if len(html)-at >= len(name) && asciiEqualFold(html[at:at+len(name)], name) {
			return at + len(name)
		}
	}
}

// asciiEqualFold compares b with a lower-case ASCII name, ignoring the case
// of A-Z only: tag names are ASCII, and Unicode case folding (bytes.ToLower
// over whole pages) was once half of the start-up time.
func asciiEqualFold(b []byte, lowerName string) bool {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lowerName[i] {
			return false
		}
	}
	return true
}

func isTagNameEnd(c byte) bool {
	return c == '>' || c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// appendHash adds the CSP source of code to hashes unless it is already there.
func appendHash(hashes []string, code []byte) []string {
	sum := sha256.Sum256(code)
	h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, have := range hashes {
		if have == h {
			return hashes
		}
	}
	return append(hashes, h)
}

// Pages returns the URL paths of every page, sorted.
func (s *Site) Pages() []string { return append([]string(nil), s.pages...) }
