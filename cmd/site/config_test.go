package main

import (
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := parseConfig(tt.args, func(k string) string { return tt.env[k] })
			if tt.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errPart) {
					t.Fatalf("error %v, want one naming %q", err, tt.errPart)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
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
