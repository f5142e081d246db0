package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDataDirAskedForMustBeWritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		dir     string
		errPart string
	}{
		{"exists", t.TempDir(), ""},
		{"created", filepath.Join(t.TempDir(), "new", "nested"), ""},
		{"below a file", filepath.Join(file, "data"), "DATA_DIR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkDataDir(tt.dir)
			if tt.errPart == "" {
				if err != nil {
					t.Fatal(err)
				}
				entries, err := os.ReadDir(tt.dir)
				if err != nil || len(entries) != 0 {
					t.Errorf("the check left %v behind (%v)", entries, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.errPart) || !strings.Contains(err.Error(), tt.dir) {
				t.Fatalf("error %v, want one naming %s and the folder", err, tt.errPart)
			}
		})
	}
}

// TestRunStopsOnAnUnusableDataDir: asked for but unusable, the data dir
// stops the start; left to its default, it may fall back to memory.
func TestRunStopsOnAnUnusableDataDir(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	for name, html := range map[string]string{"index.html": "<h1>Home</h1>", "404.html": "<h1>404</h1>"} {
		if err := os.WriteFile(filepath.Join(site, name), []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name string
		args []string
		env  map[string]string
	}{
		{"env", []string{"-site-dir", site}, map[string]string{"DATA_DIR": filepath.Join(file, "data")}},
		{"flag", []string{"-site-dir", site, "-data-dir", filepath.Join(file, "data")}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := run(append([]string{"-addr", "127.0.0.1:0"}, tt.args...), func(k string) string { return tt.env[k] })
			if err == nil || !strings.Contains(err.Error(), "DATA_DIR") {
				t.Fatalf("run: %v, want the data dir named", err)
			}
		})
	}
}

func TestParseConfigTellsAskedForDataDir(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		env  map[string]string
		set  bool
	}{
		{"default", nil, nil, false},
		{"env", nil, map[string]string{"DATA_DIR": "/data"}, true},
		{"flag", []string{"-data-dir", "/data"}, nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := parseConfig(tt.args, func(k string) string { return tt.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if cfg.dataDirSet != tt.set || cfg.dataDir == "" {
				t.Errorf("dataDir %q set %v, want set %v", cfg.dataDir, cfg.dataDirSet, tt.set)
			}
		})
	}
}
