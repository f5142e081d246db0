// Command site serves the Veldhaven Capital Partners website: the prerendered
// pages embedded in the binary and the insights feed.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	// The image is FROM scratch, without /etc/ssl/certs: x/crypto's Mozilla
	// roots serve where the system has none.
	_ "golang.org/x/crypto/x509roots/fallback"

	"github.com/veldhaven/site/internal/editor"
	"github.com/veldhaven/site/internal/feedreplica"
	"github.com/veldhaven/site/internal/insights"
	"github.com/veldhaven/site/internal/server"
	"github.com/veldhaven/site/web"
)

// buildID and buildDate (YYYY-MM-DD) are set by the linker (-X); the date
// picks the default LinkedIn-Version.
var (
	buildID   = "dev"
	buildDate = ""
)

func main() {
	if err := run(os.Args[1:], os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}

func run(args []string, getenv func(string) string) error {
	cfg, err := parseConfig(args, getenv)
	if err != nil {
		return err
	}
	logs := newLogWriter(os.Stdout, 64<<10, 200*time.Millisecond)
	defer logs.Close()
	logger, err := newLogger(cfg.logLevel, logs)
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	site, err := siteFS(cfg.siteDir)
	if err != nil {
		return err
	}
	ed, err := editor.New(editor.Config{
		Site:    site,
		Backend: cfg.editor,
		SiteURL: cfg.siteURL,
		Secure:  cfg.hsts,
		Logger:  logger.With(slog.String("component", "editor")),
	})
	if err != nil {
		return err
	}
	if cfg.dataDirSet {
		if err := checkDataDir(cfg.dataDir); err != nil {
			return err
		}
	}
	feed, err := newFeed(cfg, site, getenv, logger, reg)
	if err != nil {
		return err
	}
	defer func() {
		if err := feed.close(); err != nil {
			logger.Warn("close insights", slog.Any("err", err))
		}
	}()
	handler, err := server.New(server.Config{
		Site:            site,
		SiteURL:         cfg.siteURL,
		HSTS:            cfg.hsts,
		FrameSources:    []string{"https://www.openstreetmap.org"},
		Logger:          logger,
		RequestLog:      logs, // logger is a plain JSONHandler on logs
		Registry:        reg,
		ServeMetrics:    cfg.publicMetrics,
		Insights:        feed.handler,
		Editor:          server.Editor{ConfigYAML: ed.ConfigYAML(), SignIn: ed.SignIn(), ConnectSources: ed.ConnectSources()},
		LinkedInAdmin:   feed.linkedInAdmin,
		TrustedProxies:  cfg.trustedProxies,
		SecurityContact: cfg.security,
		Ready:           feed.ready,
		BuildID:         buildID,
	})
	if err != nil {
		return err
	}

	servers := []*http.Server{newHTTPServer(cfg.addr, handler, defaultTimeouts)}
	if cfg.metricsAddr != "" {
		servers = append(servers, newHTTPServer(cfg.metricsAddr, server.MetricsHandler(reg), defaultTimeouts))
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	listeners, err := listen(servers)
	if err != nil {
		return err
	}
	// The public server's responses reach the socket in one writev each (see coalescingConn).
	listeners[0] = coalescingListener{listeners[0]}
	logger.Info("build", slog.String("build_id", buildID), slog.String("build_date", buildDate))
	logger.Info("editor", slog.String("backend", ed.Mode()))
	for _, ln := range listeners {
		logger.Info("listening", slog.String("addr", ln.Addr().String()))
	}
	return serve(ctx, servers, listeners, cfg.drain, logger)
}

// timeouts bound how long a client may hold a connection at each stage.
type timeouts struct {
	readHeader, read, write, idle time.Duration
}

// defaultTimeouts: headers within 5 s (slowloris), a response within 30 s
// (the largest media file on a slow phone).
var defaultTimeouts = timeouts{readHeader: 5 * time.Second, read: 10 * time.Second, write: 30 * time.Second, idle: 120 * time.Second}

// newHTTPServer sets timeouts so slow or idle clients cannot hold connections.
func newHTTPServer(addr string, h http.Handler, t timeouts) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: t.readHeader,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
		MaxHeaderBytes:    64 << 10,
	}
}

// listen opens every server's address before any serves, so a taken port fails fast.
func listen(servers []*http.Server) ([]net.Listener, error) {
	var lns []net.Listener
	for _, srv := range servers {
		ln, err := net.Listen("tcp", srv.Addr)
		if err != nil {
			for _, l := range lns {
				_ = l.Close()
			}
			return nil, fmt.Errorf("listen on %s: %w", srv.Addr, err)
		}
		lns = append(lns, ln)
	}
	return lns, nil
}

// serve runs every server until ctx ends (SIGINT or SIGTERM), then stops
// accepting connections and lets requests in flight finish for up to drain.
func serve(ctx context.Context, servers []*http.Server, listeners []net.Listener, drain time.Duration, logger *slog.Logger) error {
	errs := make(chan error, len(servers))
	for i, srv := range servers {
		ln := listeners[i]
		go func() {
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errs <- fmt.Errorf("serve %s: %w", srv.Addr, err)
			}
		}()
	}
	select {
	case err := <-errs:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down", slog.Duration("drain", drain))
	shutdownCtx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	var firstErr error
	for _, srv := range servers {
		if err := srv.Shutdown(shutdownCtx); err != nil && firstErr == nil {
			firstErr = fmt.Errorf("shutdown %s: %w", srv.Addr, err)
		}
	}
	return firstErr
}

func newLogger(level string, w io.Writer) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(strings.ToUpper(level))); err != nil {
		return nil, fmt.Errorf("LOG_LEVEL %q: %w", level, err)
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l})), nil
}

// siteFS is the build to serve: the embedded one, or the folder of -site-dir.
func siteFS(dir string) (fs.FS, error) {
	if dir == "" {
		return web.Site()
	}
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("-site-dir: %w", err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("-site-dir %q: not a folder", dir)
	}
	return os.DirFS(dir), nil
}

// parseBuildDate reads a day (the Makefile) or an RFC 3339 time (the
// workflows); empty, a development build, is the zero time.
func parseBuildDate(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("build date %q (linker flag main.buildDate) is neither YYYY-MM-DD nor RFC 3339: %w", s, err)
	}
	return t.UTC(), nil
}

// feed is what serves /linkedin-api*: the feed itself (the owner, or one
// process doing everything), or a web replica's proxy to the owner.
type feed struct {
	handler http.Handler
	ready   func() bool // nil: always ready
	close   func() error
	// linkedInAdmin answers /admin/linkedin*: the reconnect on the owner,
	// a forward to the owner on a web replica.
	linkedInAdmin http.Handler
}

// newFeed builds the feed of cfg: with FEED_URL the proxy to the owner
// (copies in <data dir>/feed-copies), else the insights service.
func newFeed(cfg config, site fs.FS, getenv func(string) string, logger *slog.Logger, reg *prometheus.Registry) (*feed, error) {
	if cfg.feedURL != nil {
		ignored := ownerOnlySettings(getenv)
		if cfg.dailyCalls != 0 {
			ignored = append(ignored, "-linkedin-daily-calls")
		}
		if len(ignored) > 0 {
			logger.Info("web replica: the feed owner's settings are ignored here", slog.String("feed_url", cfg.feedURL.String()), slog.Any("ignored", ignored))
		}
		p, err := feedreplica.NewReplica(cfg.feedURL, filepath.Join(cfg.dataDir, "feed-copies"), logger.With(slog.String("component", "replica")))
		if err != nil {
			return nil, err
		}
		logger.Info("web replica: /linkedin-api from the feed owner", slog.String("feed_url", cfg.feedURL.String()))
		return &feed{handler: p, close: func() error { return nil },
			linkedInAdmin: forwardLinkedInAdmin(cfg.feedURL, logger.With(slog.String("component", "replica")))}, nil
	}
	feedCfg, err := insights.ConfigFromEnv(getenv)
	if err != nil {
		return nil, err
	}
	if feedCfg.Released, err = parseBuildDate(buildDate); err != nil {
		return nil, err
	}
	feedCfg.DataDir = cfg.dataDir
	if cfg.dailyCalls != 0 {
		feedCfg.DailyCalls = cfg.dailyCalls // the flag wins over LINKEDIN_DAILY_CALLS
	}
	svc, err := insights.New(feedCfg, logger.With(slog.String("component", "insights")), reg)
	if err != nil {
		return nil, err
	}
	admin, err := newLinkedInAdmin(cfg, feedCfg, svc, siteIcon(site), getenv, logger.With(slog.String("component", "linkedinauth")))
	if err != nil {
		_ = svc.Close()
		return nil, err
	}
	return &feed{handler: svc.Handler(), ready: svc.Ready, close: svc.Close, linkedInAdmin: admin}, nil
}

// ownerOnlySettings are the owner's settings set on a web replica, named in
// one log line so that nobody expects them to act there.
func ownerOnlySettings(getenv func(string) string) []string {
	var set []string
	for _, k := range []string{"LINKEDIN_API_BASE", "LINKEDIN_VERSION", "LINKEDIN_TOKEN_URL", "LINKEDIN_AUTH_URL", "LINKEDIN_MEDIA_ORIGINS", "LINKEDIN_DAILY_CALLS", "INSIGHTS_TTL", "INSIGHTS_TIMEOUT"} {
		if getenv(k) != "" {
			set = append(set, k)
		}
	}
	return set
}
