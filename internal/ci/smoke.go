package ci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/server"
)

// BuildIDHeader is the response header in which bin/site names its build
// (the commit it was built from) on /healthz and /readyz.
const BuildIDHeader = server.BuildIDHeader

// SmokeConfig says what a deployed site (Base, an origin) must show: the
// released BuildID, within Timeout, tried every Interval (a load balancer may
// route to the old replicas for a moment); Log receives each failed try.
type SmokeConfig struct {
	Base, BuildID     string
	Timeout, Interval time.Duration
	Log               func(format string, args ...any)
}

// Smoke waits until the site at cfg.Base answers /readyz with 200 and
// reports cfg.BuildID on /readyz and /healthz, and then checks that its home
// page answers 200 with HTML. It returns the last reason when the time runs out.
func Smoke(ctx context.Context, client *http.Client, cfg SmokeConfig) error {
	base, err := url.Parse(strings.TrimSuffix(cfg.Base, "/"))
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" {
		return fmt.Errorf("smoke: site %q: want an http(s) origin", cfg.Base)
	}
	if cfg.BuildID == "" {
		return errors.New("smoke: no build id to expect")
	}
	if cfg.Interval <= 0 {
		cfg.Interval = 5 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	origin := base.String()
	var last error
	for {
		err := smokeOnce(ctx, client, origin, cfg.BuildID)
		if err == nil {
			return nil
		}
		// A try cut short by the deadline says less than the one before it.
		if ctx.Err() == nil || last == nil {
			last = err
		}
		cfg.Log("smoke: %v", err)
		select {
		case <-ctx.Done():
			return fmt.Errorf("smoke: %s is not serving build %s after %s: %w", origin, cfg.BuildID, cfg.Timeout, last)
		case <-time.After(cfg.Interval):
		}
	}
}

func smokeOnce(ctx context.Context, client *http.Client, origin, buildID string) error {
	for _, path := range []string{"/readyz", "/healthz"} {
		resp, _, err := httpGet(ctx, client, origin+path)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("GET %s: %d", path, resp.StatusCode)
		}
		if got := resp.Header.Get(BuildIDHeader); got != buildID {
			return fmt.Errorf("GET %s: %s %q, want %q", path, BuildIDHeader, got, buildID)
		}
	}
	resp, _, err := httpGet(ctx, client, origin+"/")
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		return fmt.Errorf("GET /: %d %s, want 200 text/html", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return nil
}

// httpGet makes one GET and reads at most 1 MiB of the answer.
func httpGet(ctx context.Context, client *http.Client, target string) (*http.Response, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return nil, "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, "", fmt.Errorf("GET %s: %w", target, err)
	}
	return resp, string(body), nil
}
