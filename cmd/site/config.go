package main

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/clientaddr"
	"github.com/veldhaven/site/internal/editor"
	"github.com/veldhaven/site/internal/feedreplica"
	"github.com/veldhaven/site/internal/insights"
)

// config is the program's configuration: flags, with environment variables
// as fallbacks where design.md says so.
type config struct {
	addr        string
	metricsAddr string
	siteURL     string
	hsts        bool
	dataDir     string
	// dataDirSet: the data dir was asked for (-data-dir or DATA_DIR), so it
	// must be usable; the default one may fall back to memory.
	dataDirSet bool
	drain      time.Duration
	logLevel   string
	security   string
	siteDir    string
	// editor is the editor's backend: the local one, GitHub, or none.
	editor editor.Backend
	// feedURL, when set, makes this process a web replica of the feed owner.
	feedURL *url.URL
	// dailyCalls is -linkedin-daily-calls: the daily budget of LinkedIn
	// calls, 0 when not given (LINKEDIN_DAILY_CALLS, else the default).
	dailyCalls int
	// publicMetrics serves /metrics on the public address (-public-metrics).
	publicMetrics bool
	// trustedProxies are the proxies whose X-Forwarded-For is believed.
	trustedProxies clientaddr.Proxies
}

// linkedInCredentials refuse FEED_URL beside them: a replica never spends the
// owner's daily budget nor holds a credential it does not use.
var linkedInCredentials = []string{"LINKEDIN_ACCESS_TOKEN", "LINKEDIN_ORGANIZATION_URN", "LINKEDIN_REFRESH_TOKEN", "LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET", "LINKEDIN_TOKEN_KEY"}

// parseConfig reads flags and the environment once; errors name the flag or variable.
func parseConfig(args []string, getenv func(string) string) (config, error) {
	var c config
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	fs.StringVar(&c.addr, "addr", "", usage("addr"))
	fs.StringVar(&c.metricsAddr, "metrics-addr", getenv("METRICS_ADDR"), usage("metrics-addr"))
	fs.BoolVar(&c.publicMetrics, "public-metrics", false, usage("public-metrics"))
	fs.StringVar(&c.siteURL, "site-url", envOr(getenv, "SITE_URL", "http://localhost:8080"), usage("site-url"))
	fs.BoolVar(&c.hsts, "hsts", false, usage("hsts"))
	fs.StringVar(&c.dataDir, "data-dir", getenv("DATA_DIR"), usage("data-dir"))
	fs.DurationVar(&c.drain, "drain", 10*time.Second, usage("drain"))
	fs.StringVar(&c.security, "security-contact", envOr(getenv, "SECURITY_CONTACT", "mailto:security@veldhaven.eu"), usage("security-contact"))
	fs.StringVar(&c.siteDir, "site-dir", "", usage("site-dir"))
	fs.StringVar(&c.logLevel, "log-level", envOr(getenv, "LOG_LEVEL", "info"), usage("log-level"))
	feedURL := fs.String("feed-url", getenv("FEED_URL"), usage("feed-url"))
	fs.StringVar(&c.editor.Local, "cms-local-backend", getenv("CMS_LOCAL_BACKEND"), usage("cms-local-backend"))
	fs.IntVar(&c.dailyCalls, "linkedin-daily-calls", 0, usage("linkedin-daily-calls"))
	proxies := fs.String("trusted-proxies", getenv("TRUSTED_PROXIES"), usage("trusted-proxies"))
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	var err error
	if c.trustedProxies, err = clientaddr.ParseProxies(*proxies); err != nil {
		return c, fmt.Errorf("-trusted-proxies (TRUSTED_PROXIES): %w", err)
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if c.addr == "" {
		c.addr = ":8080"
		if port := getenv("PORT"); port != "" {
			if strings.ContainsAny(port, ":/ ") {
				return c, fmt.Errorf("PORT %q: must be a port number", port)
			}
			c.addr = ":" + port
		}
	}
	if !strings.HasPrefix(c.security, "mailto:") && !strings.HasPrefix(c.security, "https://") {
		return c, fmt.Errorf("-security-contact %q: must be a mailto: or https: URI", c.security)
	}
	if c.publicMetrics && c.metricsAddr != "" {
		return c, errors.New("-public-metrics and -metrics-addr (METRICS_ADDR) are both set: serve /metrics on one address")
	}
	if c.drain <= 0 {
		return c, errors.New("-drain: must be positive")
	}
	if c.dailyCalls != 0 && c.dailyCalls < insights.MinDailyCalls {
		return c, fmt.Errorf("-linkedin-daily-calls %d: must be at least %d", c.dailyCalls, insights.MinDailyCalls)
	}
	if c.editor.Local != "" {
		local, err := editor.ParseLocalBackend(c.editor.Local)
		if err != nil {
			return c, fmt.Errorf("-cms-local-backend: %w", err)
		}
		c.editor.Local = local
	}
	gh, err := editor.GitHubFromEnv(getenv)
	if err != nil {
		return c, err
	}
	if gh != nil && c.editor.Local != "" {
		return c, fmt.Errorf("-cms-local-backend and %s are both set: the editor uses one backend, the local one for editing here or GitHub in production", editor.EnvRepo)
	}
	c.editor.GitHub = gh
	if *feedURL != "" {
		u, err := feedreplica.ParseOwnerURL(*feedURL)
		if err != nil {
			return c, fmt.Errorf("-feed-url (FEED_URL) %q: %w", *feedURL, err)
		}
		for _, k := range linkedInCredentials {
			if getenv(k) != "" {
				return c, fmt.Errorf("-feed-url (FEED_URL) and %s are both set: a web replica takes the feed from the owner and never calls LinkedIn; give LinkedIn's settings to the owner only", k)
			}
		}
		c.feedURL = u
	}
	c.dataDirSet = c.dataDir != ""
	if c.dataDir == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			dir = os.TempDir()
		}
		c.dataDir = filepath.Join(dir, "veldhaven-site")
	}
	return c, nil
}

func envOr(getenv func(string) string, key, fallback string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return fallback
}

// checkDataDir stops the start when an explicit data dir cannot be written,
// rather than quietly losing the snapshot on every restart.
func checkDataDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("DATA_DIR %q: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return fmt.Errorf("DATA_DIR %q is not writable by uid %d (%w): it holds the feed snapshot and the media cache; give that user write access (the image runs as 65532), or leave DATA_DIR empty to keep them in memory", dir, os.Getuid(), err)
	}
	name := f.Name()
	err = f.Close()
	if rmErr := os.Remove(name); err == nil {
		err = rmErr
	}
	if err != nil {
		return fmt.Errorf("DATA_DIR %q: write check: %w", dir, err)
	}
	return nil
}
