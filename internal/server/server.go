package server

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"path"
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
	// RequestLog, when set, receives the request log lines (one JSON line per
	// request, the format Logger's slog.JSONHandler would write) directly
	// instead of through Logger, which costs a tenth of a page request's
	// CPU. Set it only to the writer of a plain slog.JSONHandler (no
	// ReplaceAttr, no attributes added with With); Logger still decides
	// whether info lines are written.
	RequestLog io.Writer
	// Registry collects the server's metrics and is what /metrics shows.
	Registry *prometheus.Registry
	// Insights answers /linkedin-api and below; nil leaves those paths to the 404 page.
	Insights http.Handler
	// Editor is the server side of the editor at /admin/ (its page is in Site).
	Editor Editor
	// LinkedInAdmin answers /admin/linkedin and below (internal/linkedinauth
	// on the feed owner, a forward to it on a web replica); nil leaves them
	// to the editor's handler (404).
	LinkedInAdmin http.Handler
	// TrustedProxies are the proxies whose X-Forwarded-For names the client
	// that the editor's sign-in and LinkedInAdmin budget by; none by default.
	TrustedProxies clientaddr.Proxies
	// Ready reports whether the feed has an answer; nil means always ready.
	// /readyz says "ready" or "not ready" and nothing else (SECURITY.md):
	// what a web replica's feed comes from is in its metrics and logs.
	Ready func() bool
	// ServeMetrics exposes /metrics on this handler; false (the default: the
	// metrics have their own, private address) answers it with the 404 page.
	ServeMetrics bool
	// SecurityContact is the Contact of /.well-known/security.txt (a mailto: or https: URI).
	SecurityContact string
	// BuildID names the build (the short git commit, or "dev"): sent as
	// X-Build-Id on /healthz and /readyz and as the build_id label of
	// veldhaven_build_info. Empty means "unknown".
	BuildID string
	// Now is the clock for security.txt's Expires; nil means time.Now.
	Now func() time.Time

	// forceServeContent: see staticHandler (tests only).
	forceServeContent bool
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
	// Only the inline scripts the build declared are allowed (scripts.go).
	declared, err := loadDeclaredScripts(cfg.Site)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if declared == nil {
		cfg.Logger.Warn("the build declares no inline scripts (" + declaredScriptsFile + "): no page's policy allows one")
	}
	allowed := func(f *file) inlineHashes {
		a, undeclared := declared.split(f)
		for _, h := range undeclared {
			cfg.Logger.Warn("inline script the build did not declare: the page's policy does not allow it",
				slog.String("file", f.name), slog.String("hash", h))
		}
		return a
	}
	for _, f := range append(mapValues(site.files), site.notFound) {
		if strings.HasPrefix(f.contentType, "text/html") {
			f.csp = []string{csp.build(allowed(f))}
		}
	}
	if site.editor != nil {
		site.editor.csp = []string{csp.buildEditor(allowed(site.editor), cfg.Editor.ConnectSources)}
	}
	if cfg.Editor.SignIn != nil {
		cfg.Editor.SignIn = cfg.TrustedProxies.Wrap(cfg.Editor.SignIn)
	}
	if cfg.LinkedInAdmin != nil {
		cfg.LinkedInAdmin = cfg.TrustedProxies.Wrap(cfg.LinkedInAdmin)
	}
	mux := http.NewServeMux()
	static := &staticHandler{site: site, redirects: defaultRedirects, csp: csp, forceServeContent: cfg.forceServeContent}
	editor := newEditorHandler(static, site.editor, cfg.Editor)
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
	// ServeMux would answer a path that is not clean ("//x", "/a/../b") with a
	// redirect of its own; such paths are never pages, so the static handler
	// decides (404, or one 301 for extra trailing slashes).
	root := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.TransferEncoding) > 0 {
			// RFC 9112 §6.3: a request with both Content-Length and
			// Transfer-Encoding may be smuggling a second one, and the
			// server must close the connection after answering. net/http
			// drops the Content-Length before a handler sees it, so every
			// request with a transfer coding (GET and HEAD never need one)
			// ends its connection.
			w.Header().Set("Connection", "close")
		}
		if len(r.URL.RawQuery) > maxQueryLen {
			http.Error(w, "request URI too long", http.StatusRequestURITooLong)
			return
		}
		if cfg.LinkedInAdmin != nil && isLinkedInAdminPath(r.URL.Path) {
			cfg.LinkedInAdmin.ServeHTTP(w, r)
			return
		}
		if isEditorPath(r.URL.Path) {
			editor.ServeHTTP(w, r)
			return
		}
		if !isCleanPath(r.URL.Path) || !muxPath(r.URL.Path) {
			// Pages and assets skip the mux: it would send them to static anyway.
			static.ServeHTTP(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	})
	return observe(securityHeaders(limitRanges(root), csp, cfg.HSTS), cfg.Logger, cfg.RequestLog, metrics), nil
}

// muxPath reports whether a path may match a pattern of the mux other than
// "/" (the static handler). Keep in step with the patterns New registers.
func muxPath(p string) bool {
	switch p {
	case "/healthz", "/readyz", "/metrics", "/linkedin-api":
		return true
	}
	return strings.HasPrefix(p, "/linkedin-api/")
}

// isLinkedInAdminPath reports whether p is the LinkedIn reconnect's
// (linkedinauth.IsPath): /admin/linkedin and below.
func isLinkedInAdminPath(p string) bool {
	return p == "/admin/linkedin" || strings.HasPrefix(p, "/admin/linkedin/")
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
