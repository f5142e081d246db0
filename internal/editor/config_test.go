package editor

import (
	"encoding/json"
	"io"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// buildConfig is the shape of the build's admin/config.json (the lead's
// generator writes the real one from content/schema).
const buildConfig = `{
  "media_folder": "content/media",
  "public_folder": "/media",
  "slug": {"encoding": "ascii", "clean_accents": true},
  "collections": [
    {"name": "careers", "label": "Careers", "files": [{"name": "careers", "file": "content/careers.json",
      "fields": [{"name": "title", "label": "Title <em>", "widget": "string", "pattern": ["^.{1,80}$", "At most 80 characters & no line breaks"]}]}]}
  ]
}`

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func siteWith(config string) fstest.MapFS {
	fsys := fstest.MapFS{"admin/index.html": {Data: []byte("<!DOCTYPE html><title>Editor</title>")}}
	if config != "" {
		fsys["admin/config.json"] = &fstest.MapFile{Data: []byte(config)}
	}
	return fsys
}

var testGitHub = &GitHub{ClientID: "client-id", ClientSecret: "client-secret", Repo: "veldhaven/site"}

// TestConfigYAML composes /admin/config.yml for each mode: the build's keys
// as they were, plus the backend's.
func TestConfigYAML(t *testing.T) {
	var build map[string]any
	if err := json.Unmarshal([]byte(buildConfig), &build); err != nil {
		t.Fatal(err)
	}
	local := "http://127.0.0.1:8081/api/v1"
	tests := []struct {
		name    string
		backend Backend
		siteURL string
		want    map[string]any // the keys added to the build's
		connect []string
	}{
		{
			name:    "none",
			backend: Backend{},
		},
		{
			name:    "local",
			backend: Backend{Local: local},
			want: map[string]any{
				"backend":       map[string]any{"name": "proxy", "proxy_url": local},
				"local_backend": map[string]any{"url": local},
				"publish_mode":  "simple",
			},
			connect: []string{"http://127.0.0.1:8081"},
		},
		{
			// The GitHub backend needs the site's origin (its sign-in
			// trusts SITE_URL alone), so its config always has site_url.
			name:    "github",
			backend: Backend{GitHub: testGitHub},
			siteURL: "https://www.example.com",
			want: map[string]any{
				"backend":      map[string]any{"name": "github", "repo": "veldhaven/site", "branch": "main", "auth_endpoint": "admin/auth", "preview_context": "veldhaven/preview", "live_context": "veldhaven/deploy/production"},
				"publish_mode": "editorial_workflow",
				"site_url":     "https://www.example.com",
			},
			connect: []string{"https://api.github.com"},
		},
		{
			name:    "github with the site's address",
			backend: Backend{GitHub: testGitHub},
			siteURL: "https://www.veldhaven.eu/",
			want: map[string]any{
				"backend":      map[string]any{"name": "github", "repo": "veldhaven/site", "branch": "main", "auth_endpoint": "admin/auth", "preview_context": "veldhaven/preview", "live_context": "veldhaven/deploy/production"},
				"publish_mode": "editorial_workflow",
				"site_url":     "https://www.veldhaven.eu",
			},
			connect: []string{"https://api.github.com"},
		},
		{
			// No "View Live" locally: the local site is the build made at
			// start, without the edits saved since.
			name:    "local with the site's address",
			backend: Backend{Local: local},
			siteURL: "http://localhost:8080",
			want: map[string]any{
				"backend":       map[string]any{"name": "proxy", "proxy_url": local},
				"local_backend": map[string]any{"url": local},
				"publish_mode":  "simple",
			},
			connect: []string{"http://127.0.0.1:8081"},
		},
		{
			name:    "github with a branch",
			backend: Backend{GitHub: &GitHub{ClientID: "id", ClientSecret: "secret", Repo: "veldhaven/site", Branch: "content"}},
			siteURL: "https://www.example.com",
			want: map[string]any{
				"backend":      map[string]any{"name": "github", "repo": "veldhaven/site", "branch": "content", "auth_endpoint": "admin/auth", "preview_context": "veldhaven/preview", "live_context": "veldhaven/deploy/production"},
				"publish_mode": "editorial_workflow",
				"site_url":     "https://www.example.com",
			},
			connect: []string{"https://api.github.com"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := New(Config{Site: siteWith(buildConfig), Backend: tt.backend, SiteURL: tt.siteURL, Logger: quietLogger()})
			if err != nil {
				t.Fatal(err)
			}
			if got := e.ConnectSources(); !slices.Equal(got, tt.connect) {
				t.Errorf("connect sources %v, want %v", got, tt.connect)
			}
			if tt.want == nil {
				if e.ConfigYAML() != nil {
					t.Fatalf("no backend: config %s, want none", e.ConfigYAML())
				}
				return
			}
			var got map[string]any
			if err := json.Unmarshal(e.ConfigYAML(), &got); err != nil {
				t.Fatalf("config is not JSON (so not the YAML it claims): %v", err)
			}
			want := map[string]any{}
			for k, v := range build {
				want[k] = v
			}
			for k, v := range tt.want {
				want[k] = v
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("config\n got %v\nwant %v", got, want)
			}
			if strings.Contains(string(e.ConfigYAML()), "client-secret") || strings.Contains(string(e.ConfigYAML()), "client-id") {
				t.Error("the OAuth app's credentials are in the editor's configuration")
			}
			// JSON text with tabs or a BOM would not be YAML.
			if strings.ContainsAny(string(e.ConfigYAML()), "\t\ufeff") {
				t.Error("tab or BOM in the configuration")
			}
		})
	}
}

func TestNewRejects(t *testing.T) {
	local := Backend{Local: "http://127.0.0.1:8081/api/v1"}
	tests := []struct {
		name    string
		config  string // admin/config.json; "" leaves it out
		backend Backend
		errPart string
	}{
		{name: "no editor in the build", backend: local, errPart: "the build has no editor"},
		{name: "github, no editor in the build", backend: Backend{GitHub: testGitHub}, errPart: "github backend is configured"},
		{name: "not JSON", config: "collections: []", backend: local, errPart: "want a JSON object"},
		{name: "an array", config: "[]", backend: local, errPart: "want a JSON object"},
		{name: "null", config: "null", backend: local, errPart: "not null"},
		{name: "two objects", config: "{}{}", backend: local, errPart: "text after"},
		{name: "sets backend", config: `{"backend":{"name":"git-gateway"}}`, backend: local, errPart: `"backend"`},
		{name: "sets local_backend", config: `{"local_backend":true}`, backend: Backend{GitHub: testGitHub}, errPart: `"local_backend"`},
		{name: "sets publish_mode", config: `{"publish_mode":"simple"}`, backend: local, errPart: `"publish_mode"`},
		{name: "sets site_url", config: `{"site_url":"https://elsewhere.example"}`, backend: Backend{GitHub: testGitHub}, errPart: `"site_url"`},
		{name: "both backends", config: "{}", backend: Backend{Local: local.Local, GitHub: testGitHub}, errPart: "both"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(Config{Site: siteWith(tt.config), Backend: tt.backend, Logger: quietLogger()})
			if err == nil || !strings.Contains(err.Error(), tt.errPart) {
				t.Fatalf("error %v, want one about %q", err, tt.errPart)
			}
		})
	}
	// Without a backend the build's configuration is not read at all: the
	// page shows its own "not configured" notice.
	e, err := New(Config{Site: siteWith("not json"), Logger: quietLogger()})
	if err != nil || e.ConfigYAML() != nil || e.SignIn() != nil || e.Mode() != "none" {
		t.Fatalf("no backend: %v, config %q, sign-in %v", err, e.ConfigYAML(), e.SignIn())
	}
}

func TestSignInOnlyWithGitHub(t *testing.T) {
	for _, b := range []Backend{{}, {Local: "http://127.0.0.1:8081/api/v1"}} {
		e, err := New(Config{Site: siteWith(buildConfig), Backend: b, Logger: quietLogger()})
		if err != nil {
			t.Fatal(err)
		}
		if e.SignIn() != nil {
			t.Errorf("%s backend: a sign-in handler, want none (the paths are 404s)", b.Mode())
		}
	}
	e, err := New(Config{Site: siteWith(buildConfig), Backend: Backend{GitHub: testGitHub}, SiteURL: "https://www.example.com", Logger: quietLogger()})
	if err != nil || e.SignIn() == nil {
		t.Fatalf("github backend: %v, sign-in %v", err, e.SignIn())
	}
}
