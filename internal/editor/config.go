package editor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// BuildConfigPath is the generated part of the editor's configuration, JSON
// without the keys the server owns.
const BuildConfigPath = "admin/config.json"

// serverKeys are the configuration keys the server decides at start-up.
var serverKeys = []string{"backend", "local_backend", "publish_mode", "site_url"}

// PreviewContext is the commit status carrying a pull request's preview
// address: the preview workflow posts it and Decap's "View preview" reads it.
const PreviewContext = "veldhaven/preview"

// LiveContext is the commit status the release posts on the commit it
// deployed; the editor reads it after Publish.
const LiveContext = "veldhaven/deploy/production"

// AuthEndpoint is the sign-in path Decap opens in its popup, relative to the
// site's origin (Decap's base_url, which the editor's page sets in the browser).
const AuthEndpoint = "admin/auth"

// GitHubAPI is where the editor's script talks to GitHub.
const GitHubAPI = "https://api.github.com"

// composeConfig merges the build's configuration (a JSON object) with the
// backend's keys; JSON is YAML too, so it is served as /admin/config.yml.
func composeConfig(build []byte, b Backend, siteURL string) ([]byte, error) {
	var cfg map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(build))
	if err := dec.Decode(&cfg); err != nil {
		return nil, fmt.Errorf("%s: want a JSON object: %w", BuildConfigPath, err)
	}
	if cfg == nil {
		return nil, fmt.Errorf("%s: want a JSON object, not null", BuildConfigPath)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: text after the JSON object", BuildConfigPath)
	}
	for _, k := range serverKeys {
		if _, ok := cfg[k]; ok {
			return nil, fmt.Errorf("%s sets %q, which the server decides at start-up: remove it from the build", BuildConfigPath, k)
		}
	}
	set := func(key string, v any) error {
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("encode %s: %w", key, err)
		}
		cfg[key] = data
		return nil
	}
	var err error
	// The local editor's site is the build made when it started: "View Live"
	// would show it without the edits just saved.
	if siteURL != "" && b.Mode() != "local" {
		if err = set("site_url", strings.TrimSuffix(siteURL, "/")); err != nil {
			return nil, err
		}
	}
	switch b.Mode() {
	case "local":
		err = firstErr(
			set("backend", map[string]string{"name": "proxy", "proxy_url": b.Local}),
			set("local_backend", map[string]string{"url": b.Local}),
			set("publish_mode", "simple"),
		)
	case "github":
		branch := b.GitHub.Branch
		if branch == "" {
			branch = DefaultBranch
		}
		err = firstErr(
			set("backend", map[string]string{
				"name":          "github",
				"repo":          b.GitHub.Repo,
				"branch":        branch,
				"auth_endpoint": AuthEndpoint,
				// The preview workflow's commit status: "View preview" opens it.
				"preview_context": PreviewContext,
				"live_context":    LiveContext,
			}),
			set("publish_mode", "editorial_workflow"),
		)
	default:
		return nil, fmt.Errorf("no backend to configure")
	}
	if err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode the editor's configuration: %w", err)
	}
	return append(out, '\n'), nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// connectSources are the origins the editor's script fetches from besides
// its own: the local backend, or GitHub's API.
func connectSources(b Backend) []string {
	switch b.Mode() {
	case "local":
		u, err := url.Parse(b.Local)
		if err != nil {
			return nil
		}
		return []string{u.Scheme + "://" + u.Host}
	case "github":
		return []string{GitHubAPI}
	}
	return nil
}
