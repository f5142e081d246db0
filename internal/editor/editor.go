// Package editor is the server side of the Decap CMS editor at /admin/: the
// backend part of its configuration, and the GitHub sign-in it needs.
package editor

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/github"
)

// Config is what the editor's server side needs; main builds it.
type Config struct {
	// Site is the build: BuildConfigPath in it is the generated part of the
	// editor's configuration.
	Site    fs.FS
	Backend Backend
	// SiteURL is the site's public origin. A request for its host is taken
	// to have arrived over its scheme (TLS may end in front of the server).
	SiteURL string
	// Secure says every request arrived over TLS (the server's -hsts): the
	// sign-in cookie is Secure and the site's origin is https.
	Secure bool
	// Endpoint is GitHub's OAuth endpoint; the zero value means github.com.
	// Tests point it at a fake provider.
	Endpoint oauth2.Endpoint
	// ExchangeTimeout bounds the token exchange; zero means 10 seconds.
	ExchangeTimeout time.Duration
	// Exchanges bounds how many token exchanges run at once and how often.
	Exchanges ExchangeLimits
	Logger    *slog.Logger
}

// Editor is the server side of the editor, built once at start-up.
type Editor struct {
	backend    Backend
	configYAML []byte
	signIn     *signIn
}

// New checks the backend and composes the editor's configuration. With a
// backend configured, the build must have the editor (BuildConfigPath).
func New(cfg Config) (*Editor, error) {
	if cfg.Site == nil || cfg.Logger == nil {
		return nil, errors.New("editor: Site and Logger are required")
	}
	if err := cfg.Backend.Validate(); err != nil {
		return nil, err
	}
	e := &Editor{backend: cfg.Backend}
	if cfg.Backend.Mode() == "none" {
		return e, nil
	}
	build, err := fs.ReadFile(cfg.Site, BuildConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("editor: the %s backend is configured but the build has no editor (%s)", cfg.Backend.Mode(), BuildConfigPath)
	}
	if err != nil {
		return nil, fmt.Errorf("editor: %w", err)
	}
	if e.configYAML, err = composeConfig(build, cfg.Backend, cfg.SiteURL); err != nil {
		return nil, fmt.Errorf("editor: %w", err)
	}
	if g := cfg.Backend.GitHub; g != nil {
		endpoint := cfg.Endpoint
		if endpoint == (oauth2.Endpoint{}) {
			endpoint = github.Endpoint
			// GitHub documents the client credentials as form parameters;
			// auto-detection would try a header first.
			endpoint.AuthStyle = oauth2.AuthStyleInParams
		}
		timeout := cfg.ExchangeTimeout
		if timeout <= 0 {
			timeout = 10 * time.Second
		}
		key := []byte(g.StateKey)
		if len(key) == 0 {
			// A sign-in that starts on one replica and ends on another
			// fails with a key of each process's own.
			key = make([]byte, 32)
			_, _ = rand.Read(key) // never fails (crypto/rand)
			cfg.Logger.Info("editor sign-in: " + EnvStateKey + " is not set, the sign-in state is signed with a key of this process: set it when more than one replica serves /admin/")
		}
		e.signIn, err = newSignIn(signInConfig{
			oauth:     oauth2.Config{ClientID: g.ClientID, ClientSecret: g.ClientSecret, Endpoint: endpoint},
			siteURL:   cfg.SiteURL,
			secure:    cfg.Secure,
			client:    newExchangeClient(timeout),
			timeout:   timeout,
			stateKey:  key,
			exchanges: cfg.Exchanges,
			logger:    cfg.Logger,
		})
		if err != nil {
			return nil, err
		}
	}
	return e, nil
}

// Mode is the backend's mode: "local", "github" or "none".
func (e *Editor) Mode() string { return e.backend.Mode() }

// ConfigYAML is the editor's configuration, served as /admin/config.yml;
// nil when no backend is configured.
func (e *Editor) ConfigYAML() []byte { return e.configYAML }

// ConnectSources are the origins the editor's page may connect to besides its own.
func (e *Editor) ConnectSources() []string { return connectSources(e.backend) }

// SignIn answers GET AuthPath and CallbackPath; nil when the GitHub backend
// is not configured (both paths are then 404s).
func (e *Editor) SignIn() http.Handler {
	if e.signIn == nil {
		return nil
	}
	return e.signIn
}
