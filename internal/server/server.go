// Package server answers HTTP for the prerendered site, taken as an fs.FS:
// pages, assets and their precompressed variants, the 404 page, caching and
// security headers, health, metrics, the sitemap and robots.txt.
package server

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/veldhaven/site/internal/clientaddr"
)

// Config is everything the HTTP layer needs; main builds it.
type Config struct {
	// Site is the build output: pages as x/index.html, the 404 page as 404.html.
	Site fs.FS
	// SiteURL is the public origin used in the sitemap and robots.txt.
	SiteURL string
	// HSTS sends Strict-Transport-Security and upgrades insecure requests (set it behind TLS).
	HSTS bool
	// FrameSources are the origins pages may frame (the contact map, after consent).
	FrameSources []string
	Logger       *slog.Logger
	// RequestLog, when set, receives the request lines directly in the format
	// of Logger's plain slog.JSONHandler, which is far cheaper per request.
	RequestLog io.Writer
	// Registry collects the server's metrics and is what /metrics shows.
	Registry *prometheus.Registry
	// Insights answers /linkedin-api and below; nil leaves those paths to the 404 page.
	Insights http.Handler
	// Editor is the server side of the editor at /admin/ (its page is in Site).
	Editor Editor
	// LinkedInAdmin answers /admin/linkedin and below; nil leaves them 404.
	LinkedInAdmin http.Handler
	// TrustedProxies are the proxies whose X-Forwarded-For names the client
	// that the editor's sign-in and LinkedInAdmin budget by; none by default.
	TrustedProxies clientaddr.Proxies
	// Ready reports whether the feed has an answer; nil means always ready.
	// /readyz says "ready" or "not ready" and nothing else (SECURITY.md).
	Ready func() bool
	// ServeMetrics exposes /metrics on this handler; false (the default: the
	// metrics have their own, private address) answers it with the 404 page.
	ServeMetrics bool
	// SecurityContact is the Contact of /.well-known/security.txt (a mailto: or https: URI).
	SecurityContact string
	// BuildID names the build in X-Build-Id and veldhaven_build_info.
	BuildID string
	// Now is the clock for security.txt's Expires; nil means time.Now.
	Now func() time.Time
}

// Redirects of the specification: /test goes to the home page.
var defaultRedirects = map[string]string{"/test": "/"}

// New builds the site's HTTP handler.
func New(cfg Config) (http.Handler, error) {
	if cfg.Site == nil || cfg.Logger == nil || cfg.Registry == nil {
		return nil, errors.New("server: Site, Logger and Registry are required")
	}
	u, err := url.Parse(cfg.SiteURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return nil, fmt.Errorf("server: site URL %q must be an origin such as https://www.example.com", cfg.SiteURL)
	}
	site, err := LoadSite(cfg.Site)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	site.files["/sitemap.xml"] = generatedFile("sitemap.xml", sitemapXML(cfg.SiteURL, site.pages))
	site.files["/robots.txt"] = generatedFile("robots.txt", robotsTxt(cfg.SiteURL))
	if cfg.SecurityContact != "" {
		now := time.Now
		if cfg.Now != nil {
			now = cfg.Now
		}
		site.files["/.well-known/security.txt"] = generatedFile("security.txt",
			securityTxt(cfg.SecurityContact, cfg.SiteURL, now()))
	}
	buildID, err := checkBuildID(cfg.BuildID)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	metrics, err := newHTTPMetrics(cfg.Registry)
	if err != nil {
		return nil, fmt.Errorf("server: register metrics: %w", err)
	}
	if err := registerBuildInfo(cfg.Registry, buildID); err != nil {
		return nil, fmt.Errorf("server: register build info: %w", err)
	}
	csp := cspBuilder{frameSources: cfg.FrameSources, upgrade: cfg.HSTS}
	hashes, err := loadInlineHashes(cfg.Site)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if hashes == nil {
		cfg.Logger.Warn("the build lists no inline scripts or styles (" + inlineHashesFile + "): no page's policy allows one")
	}
	for _, f := range append(slices.Collect(maps.Values(site.files)), site.notFound) {
		if strings.HasSuffix(f.name, ".html") {
			f.header["Content-Security-Policy"] = []string{csp.build(hashes[f.name])}
		}
	}
	if site.editor != nil {
		site.editor.header["Content-Security-Policy"] = []string{csp.buildEditor(hashes[site.editor.name], cfg.Editor.ConnectSources)}
	}

	// The one route table. GET patterns also answer HEAD; the static
	// handler answers other methods with 405.
	static := &staticHandler{site: site, redirects: defaultRedirects}
	mux := http.NewServeMux()
	mux.Handle("/", static)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		probeHeaders(w.Header(), buildID)
		_, _ = io.WriteString(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		probeHeaders(w.Header(), buildID)
		body := "ready"
		if cfg.Ready != nil && !cfg.Ready() {
			w.WriteHeader(http.StatusServiceUnavailable)
			body = "not ready"
		}
		_, _ = io.WriteString(w, body)
	})
	if cfg.ServeMetrics {
		mux.Handle("GET /metrics", MetricsHandler(cfg.Registry))
	}
	if cfg.Insights != nil {
		mux.Handle("/linkedin-api", cfg.Insights)
		mux.Handle("/linkedin-api/", cfg.Insights)
	}
	if cfg.Editor.SignIn != nil {
		cfg.Editor.SignIn = cfg.TrustedProxies.Wrap(cfg.Editor.SignIn)
	}
	editorRoutes(mux, static, cfg.Editor)
	if cfg.LinkedInAdmin != nil {
		admin := cfg.TrustedProxies.Wrap(cfg.LinkedInAdmin)
		mux.Handle("/admin/linkedin", admin)
		mux.Handle("/admin/linkedin/", admin)
	}
	root := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.TransferEncoding) > 0 {
			// Both Content-Length and Transfer-Encoding may smuggle a request,
			// and net/http drops the length: end the connection after answering.
			w.Header().Set("Connection", "close")
		}
		switch {
		case len(r.URL.RawQuery) > maxQueryLen:
			http.Error(w, "request URI too long", http.StatusRequestURITooLong)
		case !isCleanPath(r.URL.Path):
			// ServeMux would redirect such paths; they are never pages.
			static.ServeHTTP(w, r)
		default:
			mux.ServeHTTP(w, r)
		}
	})
	return observe(securityHeaders(root, csp, cfg.HSTS), cfg.Logger, cfg.RequestLog, metrics), nil
}

func methodNotAllowed(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Allow", "GET, HEAD")
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
}

// maxQueryLen is far more than any link of the site or a tracking parameter needs.
const maxQueryLen = 2048

// isCleanPath reports whether ServeMux would take a path as it is.
func isCleanPath(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	clean := path.Clean(p)
	return clean == p || (strings.HasSuffix(p, "/") && clean+"/" == p)
}

// MetricsHandler serves the registry in the Prometheus text format.
func MetricsHandler(reg *prometheus.Registry) http.Handler {
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg})
}

// sitemapXML lists every page with its absolute URL (sitemaps.org protocol).
func sitemapXML(siteURL string, pages []string) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range pages {
		b.WriteString("  <url><loc>")
		_ = xml.EscapeText(&b, []byte(absoluteURL(siteURL, p)))
		b.WriteString("</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

func robotsTxt(siteURL string) []byte {
	return []byte(fmt.Sprintf("User-agent: *\nAllow: /\nDisallow: /linkedin-api\nDisallow: /admin\n\nSitemap: %s\n",
		absoluteURL(siteURL, "/sitemap.xml")))
}

func absoluteURL(siteURL, p string) string {
	base := strings.TrimRight(siteURL, "/")
	if p == "/" {
		return base + "/"
	}
	return base + p
}

// securityTxt follows RFC 9116. Expires must be less than a year ahead, so it
// is computed when the server starts rather than fixed at build time.
func securityTxt(contact, siteURL string, now time.Time) []byte {
	expires := now.UTC().AddDate(0, 6, 0).Truncate(24 * time.Hour)
	return []byte(fmt.Sprintf("Contact: %s\nExpires: %s\nPreferred-Languages: en, nl\nCanonical: %s\n",
		contact, expires.Format(time.RFC3339), absoluteURL(siteURL, "/.well-known/security.txt")))
}
