package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	for _, data := range []string{"old", "new"} {
		if err := Write(dir, "f.json", []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.Join(dir, "f.json"))
	if err != nil || string(got) != "new" {
		t.Fatalf("%q, %v; want the new bytes", got, err)
	}
	if info, _ := os.Stat(filepath.Join(dir, "f.json")); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", info.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files, want no temporary file left", len(entries))
	}
	if err := Write(filepath.Join(dir, "missing"), "f.json", nil, 0o600); err == nil {
		t.Error("no error for a missing dir")
	}
}

// TestWriteFailureKeepsOld checks that a failed write leaves the
// previous file intact and no temporary file behind.
func TestWriteFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, "f.json", []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Make the write fail after the temporary file exists: the target
	// name is taken by a non-empty directory, so rename fails.
	if err := os.MkdirAll(filepath.Join(dir, "g.json", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, "g.json", []byte("new"), 0o644); err == nil {
		t.Fatal("write over a directory succeeded")
	}
	if err := Write(filepath.Join(dir, "missing"), "f.json", []byte("new"), 0o644); err == nil {
		t.Fatal("write into a missing directory succeeded")
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "f.json")); string(data) != "old" {
		t.Errorf("old file = %q", data)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}
