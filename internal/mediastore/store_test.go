package mediastore

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testJPEG is a small valid JPEG.
func testJPEG(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 16, 9)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestMediaStore exercises both backends: limits, content-type checks and
// LRU eviction.
func TestMediaStore(t *testing.T) {
	jpg := testJPEG(t)
	for _, backend := range []string{"memory", "disk"} {
		t.Run(backend, func(t *testing.T) {
			dir := ""
			if backend == "disk" {
				dir = t.TempDir()
			}
			size := int64(len(jpg))
			m, err := New(dir, 2*size+size/2)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(m.Close)
			keys := []string{"image-AAAAAAAAAAAA", "image-BBBBBBBBBBBB", "image-CCCCCCCCCCCC"}
			for i, k := range keys {
				if err := m.Put(k, bytes.NewReader(jpg), 1<<20); err != nil {
					t.Fatal(err)
				}
				if i == 1 {
					// Touch the first so the second becomes the oldest.
					rs, ok := m.Open(keys[0])
					if !ok {
						t.Fatal("first item missing")
					}
					rs.Close()
				}
			}
			if !m.Has(keys[0]) || m.Has(keys[1]) || !m.Has(keys[2]) {
				t.Errorf("LRU eviction: has %v %v %v, want true false true", m.Has(keys[0]), m.Has(keys[1]), m.Has(keys[2]))
			}
			if _, b := m.Stats(); b != 2*size {
				t.Errorf("bytes %d, want %d", b, 2*size)
			}
			rs, ok := m.Open(keys[2])
			if !ok || rs.ContentType != "image/jpeg" {
				t.Fatalf("open: ok %v", ok)
			}
			got, _ := io.ReadAll(rs)
			rs.Close()
			if !bytes.Equal(got, jpg) {
				t.Error("bytes differ")
			}
			if err := m.Put("image-DDDDDDDDDDDD", bytes.NewReader(jpg), size-1); !errors.Is(err, ErrTooLarge) {
				t.Errorf("over the cap: %v", err)
			}
			if err := m.Put("image-EEEEEEEEEEEE", strings.NewReader("<html><script>alert(1)</script></html>"), 1<<20); !errors.Is(err, ErrType) {
				t.Errorf("HTML stored as an image: %v", err)
			}
			if err := m.Put("video-FFFFFFFFFFFF", bytes.NewReader(jpg), 1<<20); !errors.Is(err, ErrType) {
				t.Errorf("JPEG stored as a video: %v", err)
			}
			if err := m.Put("../../etc/passwd", bytes.NewReader(jpg), 1<<20); err == nil {
				t.Error("bad key stored")
			}
			if dir != "" {
				entries, _ := os.ReadDir(dir)
				if len(entries) != 2 {
					t.Errorf("%d files on disk, want 2", len(entries))
				}
				// Reopen: the items are there; a file of the wrong kind for
				// its key is never served, and another writer's temporary
				// file is left alone and not counted.
				for name, data := range map[string]string{".tmp-123": "partial", "image-GGGGGGGGGGGG": "<html>not an image</html>"} {
					if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				m.Close()
				m2, err := New(dir, 1<<20)
				if err != nil {
					t.Fatal(err)
				}
				if !m2.Has(keys[0]) || !m2.Has(keys[2]) {
					t.Errorf("reopened store: %v %v", m2.Has(keys[0]), m2.Has(keys[2]))
				}
				if _, ok := m2.Open("image-GGGGGGGGGGGG"); ok {
					t.Error("HTML under an image key was served")
				}
				if n := m2.Retain(func(k string) bool { return k == keys[0] }); n != 2 || !m2.Has(keys[0]) || m2.Has(keys[2]) {
					t.Errorf("retain: %d removed, has %v %v", n, m2.Has(keys[0]), m2.Has(keys[2]))
				}
				if _, err := os.Stat(filepath.Join(dir, ".tmp-123")); err != nil {
					t.Error("another writer's temporary file was removed")
				}
			}
		})
	}
}
