package insights

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

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
			m, err := newMediaStore(dir, 2*size+size/2, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(m.Close)
			keys := []string{"image-AAAAAAAAAAAA", "image-BBBBBBBBBBBB", "image-CCCCCCCCCCCC"}
			for i, k := range keys {
				if err := m.put(k, bytes.NewReader(jpg), 1<<20); err != nil {
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
			if !ok || rs.contentType != "image/jpeg" {
				t.Fatalf("open: ok %v", ok)
			}
			got, _ := io.ReadAll(rs)
			rs.Close()
			if !bytes.Equal(got, jpg) {
				t.Error("bytes differ")
			}
			if err := m.put("image-DDDDDDDDDDDD", bytes.NewReader(jpg), size-1); !errors.Is(err, errMediaTooLarge) {
				t.Errorf("over the cap: %v", err)
			}
			if err := m.put("image-EEEEEEEEEEEE", strings.NewReader("<html><script>alert(1)</script></html>"), 1<<20); !errors.Is(err, errMediaType) {
				t.Errorf("HTML stored as an image: %v", err)
			}
			if err := m.put("video-FFFFFFFFFFFF", bytes.NewReader(jpg), 1<<20); !errors.Is(err, errMediaType) {
				t.Errorf("JPEG stored as a video: %v", err)
			}
			if err := m.put("../../etc/passwd", bytes.NewReader(jpg), 1<<20); err == nil {
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
				writeTestFile(t, filepath.Join(dir, ".tmp-123"), []byte("partial"))
				writeTestFile(t, filepath.Join(dir, "image-GGGGGGGGGGGG"), []byte("<html>not an image</html>"))
				m.Close()
				m2, err := newMediaStore(dir, 1<<20, slog.New(slog.DiscardHandler))
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

// TestMediaFaults checks media answers when the download misbehaves.
func TestMediaFaults(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(*fakeLinkedIn)
		cfg   func(*Config)
		want  int
		calls int64 // downloads expected after two requests
	}{
		{"over the size cap", func(f *fakeLinkedIn) {}, func(c *Config) { c.MaxMediaBytes = 100 }, http.StatusBadGateway, 1},
		{"not an image", func(f *fakeLinkedIn) { f.mediaBody["C4D22AQFx4nG7Gm1bVQ"] = []byte("<html><script>x</script></html>") }, nil, http.StatusBadGateway, 1},
		{"download missing", func(f *fakeLinkedIn) { delete(f.mediaBody, "C4D22AQFx4nG7Gm1bVQ") }, nil, http.StatusNotFound, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t, tc.cfg)
			env.fake.set(tc.edit)
			for range 2 {
				rec := env.get("/linkedin-api/image?urn=" + testImageURN)
				if rec.Code != tc.want {
					t.Errorf("status %d, want %d: %s", rec.Code, tc.want, rec.Body)
				}
				errorBody(t, rec)
				if strings.Contains(rec.Body.String(), "script") {
					t.Error("upstream body relayed")
				}
			}
			if n := env.fake.dl.Load(); n != tc.calls {
				t.Errorf("%d downloads, want %d (failures are remembered)", n, tc.calls)
			}
			if env.svc.media.Has(mediaKey(testImageURN)) {
				t.Error("failed item cached")
			}
		})
	}
}

// TestMediaConcurrencyCap checks that concurrent media fetches never
// exceed MaxConcurrentMedia and that one item is downloaded once however
// many visitors ask.
func TestMediaConcurrencyCap(t *testing.T) {
	env := newTestEnv(t, func(c *Config) { c.MaxConcurrentMedia = 1; c.Timeout = 2 * time.Second })
	env.fake.set(func(f *fakeLinkedIn) { f.dlDelay = 50 * time.Millisecond })
	var wg sync.WaitGroup
	for range 20 {
		for _, target := range []string{
			"/linkedin-api/image?urn=" + testImageURN,
			"/linkedin-api/image?urn=" + testThumbURN,
			"/linkedin-api/media/" + mediaKey(testVideoURN),
		} {
			wg.Go(func() {
				if rec := env.get(target); rec.Code != http.StatusOK {
					t.Errorf("%s: %d", target, rec.Code)
				}
			})
		}
	}
	wg.Wait()
	if n := env.fake.dlMaxInFlight.Load(); n != 1 {
		t.Errorf("max concurrent downloads %d, want 1", n)
	}
	if n := env.fake.dl.Load(); n != 3 {
		t.Errorf("%d downloads, want 3", n)
	}
}
