package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
)

// inlineHashesFile lists each page's inline scripts and styles as the build
// hashed them; a hidden file, never served.
const inlineHashesFile = ".inline-hashes.json"

// inlineHashes are CSP 'sha256-…' sources for the inline code of one page.
type inlineHashes struct {
	Scripts []string `json:"scripts"`
	Styles  []string `json:"styles"`
}

// hashSourcePattern is a CSP hash source without quotes.
var hashSourcePattern = regexp.MustCompile(`^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$`)

// loadInlineHashes reads the build's list by HTML file, each source quoted;
// none allows no inline code, and a malformed one stops the start.
func loadInlineHashes(fsys fs.FS) (map[string]inlineHashes, error) {
	data, err := fs.ReadFile(fsys, inlineHashesFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", inlineHashesFile, err)
	}
	var pages map[string]inlineHashes
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&pages); err != nil {
		return nil, fmt.Errorf("%s: %w", inlineHashesFile, err)
	}
	if pages == nil {
		return nil, fmt.Errorf("%s: want an object of pages", inlineHashesFile)
	}
	for page, h := range pages {
		for _, list := range [][]string{h.Scripts, h.Styles} {
			for i, source := range list {
				if !hashSourcePattern.MatchString(source) {
					return nil, fmt.Errorf("%s: %s: %q is not a hash source", inlineHashesFile, page, source)
				}
				list[i] = "'" + source + "'"
			}
		}
	}
	return pages, nil
}

// cspBuilder makes the Content-Security-Policy: one base policy plus a page's
// own inline hashes.
type cspBuilder struct {
	frameSources []string
	upgrade      bool
}

func (c cspBuilder) build(h inlineHashes) string {
	frame := "'none'"
	if len(c.frameSources) > 0 {
		frame = strings.Join(c.frameSources, " ")
	}
	return c.policy(sources{
		script:  withHashes("'self'", h.Scripts),
		style:   withHashes("'self'", h.Styles),
		img:     "'self' data:",
		media:   "'self'",
		connect: "'self'",
		frame:   frame,
	})
}

// sources are the directives in which a page's policy and the editor's differ.
type sources struct{ script, style, img, media, connect, frame string }

// policy is the one list of directives both policies share, with their sources.
func (c cspBuilder) policy(s sources) string {
	directives := []string{
		"default-src 'self'",
		"script-src " + s.script,
		"style-src " + s.style,
		"img-src " + s.img,
		"media-src " + s.media,
		"font-src 'self'",
		"connect-src " + s.connect,
		"manifest-src 'self'",
		"worker-src 'none'",
		"frame-src " + s.frame,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'none'",
		"frame-ancestors 'none'",
	}
	if c.upgrade {
		directives = append(directives, "upgrade-insecure-requests")
	}
	return strings.Join(directives, "; ")
}

// buildEditor is the policy of the editor's page, looser only where Decap
// needs it (without either 'unsafe-' source it does not start): ajv compiles
// schemas (unsafe-eval), emotion styles at run time (unsafe-inline), uploads
// are previewed and read back from blob: URLs, and it talks to its backend.
func (c cspBuilder) buildEditor(h inlineHashes, connect []string) string {
	connectSrc := "'self' blob:"
	if len(connect) > 0 {
		connectSrc += " " + strings.Join(connect, " ")
	}
	return c.policy(sources{
		script:  withHashes("'self' 'unsafe-eval'", h.Scripts),
		style:   "'self' 'unsafe-inline'",
		img:     "'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
		media:   "'self' blob:",
		connect: connectSrc,
		frame:   "'none'",
	})
}

func withHashes(source string, hashes []string) string {
	if len(hashes) == 0 {
		return source
	}
	return source + " " + strings.Join(hashes, " ")
}

// permissionsPolicy denies the powerful features a marketing site never uses.
const permissionsPolicy = "accelerometer=(), autoplay=(self), camera=(), display-capture=(), " +
	"geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), " +
	"publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=(), " +
	"browsing-topics=()"

// documentOnlyHeaders apply only to a response rendered as a document; the
// static handler leaves them off subresources, where they are dead weight.
var documentOnlyHeaders = []string{
	"Content-Security-Policy",
	"Permissions-Policy",
	"Cross-Origin-Opener-Policy",
	"X-Frame-Options",
}

// securityHeaders sets the headers every response carries; the value slices
// are shared by every response, since net/http never writes into them.
func securityHeaders(next http.Handler, csp cspBuilder, hsts bool) http.Handler {
	type header struct {
		key   string
		value []string
	}
	headers := []header{
		{"Content-Security-Policy", []string{csp.build(inlineHashes{})}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
		{"Permissions-Policy", []string{permissionsPolicy}},
		{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
		{"Cross-Origin-Resource-Policy", []string{"same-origin"}},
		{"X-Frame-Options", []string{"DENY"}},
	}
	if hsts {
		headers = append(headers, header{"Strict-Transport-Security", []string{"max-age=63072000; includeSubDomains; preload"}})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, hv := range headers {
			h[hv.key] = hv.value
		}
		next.ServeHTTP(w, r)
	})
}
