package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		addr    string
		siteURL string
		errPart string
	}{
		{name: "defaults", addr: ":8080", siteURL: "http://localhost:8080"},
		{name: "PORT", env: map[string]string{"PORT": "9000"}, addr: ":9000", siteURL: "http://localhost:8080"},
		{name: "flag beats PORT", args: []string{"-addr", "127.0.0.1:7000"}, env: map[string]string{"PORT": "9000"}, addr: "127.0.0.1:7000", siteURL: "http://localhost:8080"},
		{name: "SITE_URL", env: map[string]string{"SITE_URL": "https://www.veldhaven.eu"}, addr: ":8080", siteURL: "https://www.veldhaven.eu"},
		{name: "bad PORT", env: map[string]string{"PORT": "80:80"}, errPart: "PORT"},
		{name: "unknown flag", args: []string{"-nope"}, errPart: "nope"},
		{name: "stray argument", args: []string{"serve"}, errPart: "serve"},
		{name: "bad drain", args: []string{"-drain", "0s"}, errPart: "-drain"},
		{name: "bad security contact", env: map[string]string{"SECURITY_CONTACT": "javascript:x"}, errPart: "-security-contact"},
		{name: "daily calls below the minimum", args: []string{"-linkedin-daily-calls", "3"}, errPart: "-linkedin-daily-calls"},
		{name: "metrics on both addresses", args: []string{"-public-metrics"}, env: map[string]string{"METRICS_ADDR": "127.0.0.1:9090"}, errPart: "-public-metrics"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, ok := parseForTest(t, tt.args, tt.env, tt.errPart, "")
			if !ok {
				return
			}
			if cfg.addr != tt.addr || cfg.siteURL != tt.siteURL {
				t.Errorf("addr %q siteURL %q", cfg.addr, cfg.siteURL)
			}
			if cfg.dataDir == "" {
				t.Error("no default data dir")
			}
		})
	}
}

func TestParseConfigEditor(t *testing.T) {
	github := map[string]string{
		"CMS_GITHUB_CLIENT_ID": "Ov23liAbc", "CMS_GITHUB_CLIENT_SECRET": "top-secret-value", "CMS_GITHUB_REPO": "veldhaven/site",
	}
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		mode    string
		local   string
		branch  string
		errPart string
	}{
		{name: "none", mode: "none"},
		{name: "flag", args: []string{"-cms-local-backend", "http://127.0.0.1:8081/api/v1"}, mode: "local", local: "http://127.0.0.1:8081/api/v1"},
		{name: "env", env: map[string]string{"CMS_LOCAL_BACKEND": "http://localhost:8081/api/v1"}, mode: "local", local: "http://localhost:8081/api/v1"},
		{name: "flag beats env", args: []string{"-cms-local-backend", "http://127.0.0.1:9000/api/v1"},
			env: map[string]string{"CMS_LOCAL_BACKEND": "http://127.0.0.1:8081/api/v1"}, mode: "local", local: "http://127.0.0.1:9000/api/v1"},
		{name: "remote local backend", args: []string{"-cms-local-backend", "http://192.168.1.10:8081/api/v1"}, errPart: "-cms-local-backend"},
		{name: "local backend without scheme", env: map[string]string{"CMS_LOCAL_BACKEND": "127.0.0.1:8081"}, errPart: "-cms-local-backend"},
		{name: "github", env: github, mode: "github", branch: "main"},
		{name: "github without a secret", env: map[string]string{"CMS_GITHUB_CLIENT_ID": "x", "CMS_GITHUB_REPO": "veldhaven/site"}, errPart: "CMS_GITHUB_CLIENT_SECRET"},
		{name: "github with a bad repo", env: map[string]string{"CMS_GITHUB_CLIENT_ID": "x", "CMS_GITHUB_CLIENT_SECRET": "y", "CMS_GITHUB_REPO": "site"}, errPart: "CMS_GITHUB_REPO"},
		{name: "both", args: []string{"-cms-local-backend", "http://127.0.0.1:8081/api/v1"}, env: github, errPart: "both set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, ok := parseForTest(t, tt.args, tt.env, tt.errPart, "top-secret-value")
			if !ok {
				return
			}
			if cfg.editor.Mode() != tt.mode || cfg.editor.Local != tt.local {
				t.Errorf("editor %+v, want mode %s local %q", cfg.editor, tt.mode, tt.local)
			}
			if tt.mode == "github" && (cfg.editor.GitHub.Branch != tt.branch || cfg.editor.GitHub.Repo != "veldhaven/site") {
				t.Errorf("github %+v", cfg.editor.GitHub)
			}
		})
	}
}

// TestRunRefusesAnEditorTheBuildLacks: a backend for the editor with a
// build that has none stops the start, before anything listens.
func TestRunRefusesAnEditorTheBuildLacks(t *testing.T) {
	dir := t.TempDir()
	for name, html := range map[string]string{"index.html": "<h1>Home</h1>", "404.html": "<h1>404</h1>"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := run([]string{"-addr", "127.0.0.1:0", "-site-dir", dir, "-data-dir", t.TempDir(),
		"-cms-local-backend", "http://127.0.0.1:8081/api/v1"}, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "the build has no editor") {
		t.Fatalf("run: %v, want the missing editor named", err)
	}
}

func TestNewLoggerRejectsUnknownLevel(t *testing.T) {
	if _, err := newLogger("loud", io.Discard); err == nil || !strings.Contains(err.Error(), "LOG_LEVEL") {
		t.Fatalf("err = %v", err)
	}
	if _, err := newLogger("debug", io.Discard); err != nil {
		t.Fatal(err)
	}
}

func TestSiteFS(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<h1>Home</h1>"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		dir     string
		wantErr string
	}{
		{"a build folder", dir, ""},
		{"missing", filepath.Join(dir, "nope"), "-site-dir"},
		{"a file", filepath.Join(dir, "index.html"), "not a folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys, err := siteFS(tt.dir)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one naming %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if data, err := fs.ReadFile(fsys, "index.html"); err != nil || string(data) != "<h1>Home</h1>" {
				t.Errorf("index.html = %q, %v", data, err)
			}
		})
	}
}

// TestDailyCallsFlag: -linkedin-daily-calls is read, and wins over
// LINKEDIN_DAILY_CALLS (which insights.ConfigFromEnv reads).
func TestDailyCallsFlag(t *testing.T) {
	cfg, err := parseConfig([]string{"-linkedin-daily-calls", "400"}, func(string) string { return "" })
	if err != nil || cfg.dailyCalls != 400 {
		t.Fatalf("dailyCalls %d, err %v", cfg.dailyCalls, err)
	}
	if cfg, err := parseConfig(nil, func(string) string { return "" }); err != nil || cfg.dailyCalls != 0 {
		t.Fatalf("without the flag: %d %v, want 0 (the environment or the default)", cfg.dailyCalls, err)
	}
}

// parseForTest parses args and env; with errPart it wants an error naming
// errPart and not showing secret, and reports false (the case is done).
func parseForTest(t *testing.T, args []string, env map[string]string, errPart, secret string) (config, bool) {
	t.Helper()
	cfg, err := parseConfig(args, func(k string) string { return env[k] })
	if errPart != "" {
		if err == nil || !strings.Contains(err.Error(), errPart) {
			t.Fatalf("error %v, want one naming %q", err, errPart)
		}
		if secret != "" && strings.Contains(err.Error(), secret) {
			t.Errorf("the error shows a secret: %v", err)
		}
		return config{}, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return cfg, true
}

// TestTrustedProxies: none by default; the flag beats TRUSTED_PROXIES; a
// list that does not parse stops the start naming the setting.
func TestTrustedProxies(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		env     map[string]string
		want    string
		errPart string
	}{
		{name: "default", want: "[]"},
		{name: "env", env: map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8,127.0.0.1"}, want: "[10.0.0.0/8 127.0.0.1/32]"},
		{name: "flag beats env", args: []string{"-trusted-proxies", "192.168.0.0/16"}, env: map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8"}, want: "[192.168.0.0/16]"},
		{name: "bad", env: map[string]string{"TRUSTED_PROXIES": "10.0.0.0/40"}, errPart: "TRUSTED_PROXIES"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, ok := parseForTest(t, tc.args, tc.env, tc.errPart, "")
			if ok && fmt.Sprint(cfg.trustedProxies) != tc.want {
				t.Errorf("trusted proxies %v, want %s", cfg.trustedProxies, tc.want)
			}
		})
	}
}
