package diskcache

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// clock is a test's time, moved by hand.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func open(t *testing.T, cfg Config) *Cache {
	t.Helper()
	c, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func put(t *testing.T, c *Cache, key, body string) {
	t.Helper()
	w, err := c.Create(key, map[string]string{"Content-Type": "text/plain"}, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(w, body); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
}

// read is key's body, "" and false without an entry.
func read(t *testing.T, c *Cache, key string) (string, bool) {
	t.Helper()
	r, ok := c.Open(key)
	if !ok {
		return "", false
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), true
}

// held lists which of keys have an entry, as a string of 1s and 0s.
func held(c *Cache, keys ...string) string {
	var b strings.Builder
	for _, k := range keys {
		if c.Has(k) {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// TestCacheBoundsAndEviction: in memory and on disk alike, the bounds in
// bytes, in count and per entry, least recently used out first.
func TestCacheBoundsAndEviction(t *testing.T) {
	for _, backend := range []string{"memory", "disk"} {
		for _, tc := range []struct {
			name       string
			maxBytes   int64
			maxEntries int
			puts       []string // "key=body"; "open key" marks key used
			want       string   // which of a, b, c, d are held
			wantBytes  int64
		}{
			{"count", 100, 2, []string{"a=1", "b=2", "c=3"}, "0110", 2},
			{"count, least recently used out", 100, 2, []string{"a=1", "b=2", "open a", "c=3"}, "1010", 2},
			{"bytes", 10, 0, []string{"a=1234", "b=5678", "c=901"}, "0110", 7},
			{"bytes, least recently used out", 10, 0, []string{"a=1234", "b=5678", "open a", "c=901"}, "1010", 7},
			{"a key written again replaces its entry", 10, 0, []string{"a=1234", "a=12", "b=5678"}, "1100", 6},
		} {
			t.Run(backend+"/"+tc.name, func(t *testing.T) {
				dir := ""
				if backend == "disk" {
					dir = t.TempDir()
				}
				c := open(t, Config{Dir: dir, MaxBytes: tc.maxBytes, MaxEntries: tc.maxEntries})
				for _, p := range tc.puts {
					if key, ok := strings.CutPrefix(p, "open "); ok {
						read(t, c, key)
						continue
					}
					key, body, _ := strings.Cut(p, "=")
					put(t, c, key, body)
				}
				if got := held(c, "a", "b", "c", "d"); got != tc.want {
					t.Errorf("held %s, want %s", got, tc.want)
				}
				if n, b := c.Stats(); b != tc.wantBytes || n != strings.Count(tc.want, "1") {
					t.Errorf("stats %d entries, %d bytes; want %d bytes", n, b, tc.wantBytes)
				}
				if dir != "" {
					files, _ := os.ReadDir(dir)
					if len(files) != strings.Count(tc.want, "1") {
						t.Errorf("%d files in the folder, want one per entry", len(files))
					}
				}
				// Over the bound of one entry: refused, nothing half stored.
				w, err := c.Create("d", nil, 3)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := io.WriteString(w, "12345"); !errors.Is(err, ErrTooLarge) {
					t.Errorf("a body over the limit: %v, want ErrTooLarge", err)
				}
				if err := w.Commit(); !errors.Is(err, ErrTooLarge) || c.Has("d") {
					t.Errorf("commit over the limit: %v, held %v", err, c.Has("d"))
				}
			})
		}
	}
}

func TestCacheRoundTripAndRestart(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	c := open(t, Config{Dir: dir, MaxBytes: 1 << 20, Now: clk.now})
	put(t, c, "/linkedin-api", `{"elements":[]}`)
	clk.t = clk.t.Add(time.Second)
	put(t, c, "image-A", "jpeg bytes")
	clk.t = clk.t.Add(time.Second)
	put(t, c, "image-B", "other bytes")
	r, ok := c.Open("image-A")
	if !ok || r.Meta.Attrs["Content-Type"] != "text/plain" || r.Meta.Size != 10 || r.Meta.Key != "image-A" {
		t.Fatalf("open: %v %+v", ok, r)
	}
	r.Close()

	// What a restart finds beside the entries.
	plant := func(name string, body []byte, age time.Duration) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, clk.t.Add(-age), clk.t.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	entryB, _ := os.ReadFile(filepath.Join(dir, FileName("image-B")))
	plant(FileName("image-C"), []byte("raw bytes, no trailer"), 0)
	plant(FileName("image-D"), entryB, 0)                         // another key's entry
	plant(FileName("image-E"), entryB[:len(entryB)-3], 0)         // truncated
	plant("notes.txt", []byte("x"), 0)                            // not an entry
	plant(tempPrefix+"someone-1", []byte("being written"), 0)     // another writer's, now
	plant(tempPrefix+"crashed-1", []byte("left"), 11*time.Minute) // a crash's leftover
	forged := strings.Replace(string(entryB), "other bytes", "forge bytes", 1)
	plant(FileName("image-B"), []byte(forged), 0) // the same size, another body

	c2 := open(t, Config{Dir: dir, MaxBytes: 1 << 20, Now: clk.now, Valid: func(m Meta) bool { return m.Key != "/linkedin-api" }})
	if got := held(c2, "/linkedin-api", "image-A", "image-B", "image-C", "image-D", "image-E"); got != "010000" {
		t.Errorf("after a restart held %s, want only image-A (the feed refused by Valid, image-B's body forged, the rest not entries)", got)
	}
	if body, ok := read(t, c2, "image-A"); !ok || body != "jpeg bytes" {
		t.Errorf("image-A after a restart: %q %v", body, ok)
	}
	files, _ := os.ReadDir(dir)
	var names []string
	for _, f := range files {
		names = append(names, f.Name())
	}
	if want := []string{tempPrefix + "someone-1", FileName("image-A")}; len(names) != 2 || !strings.Contains(strings.Join(names, " "), want[0]) || !strings.Contains(strings.Join(names, " "), want[1]) {
		t.Errorf("files after a restart: %v, want %v (the rest removed)", names, want)
	}

	// A file replaced behind the cache is not served.
	plant(FileName("image-A"), []byte("replaced"), 0)
	if _, ok := c2.Open("image-A"); ok {
		t.Error("a file replaced behind the cache was served")
	}
}

// TestCacheOrderSurvivesARestart: the most recently stored entries are
// the last evicted after a restart too.
func TestCacheOrderSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	c := open(t, Config{Dir: dir, MaxBytes: 1 << 20, Now: clk.now})
	for _, k := range []string{"c", "a", "b"} {
		put(t, c, k, "x")
		clk.t = clk.t.Add(time.Second)
	}
	c2 := open(t, Config{Dir: dir, MaxBytes: 1 << 20, MaxEntries: 2, Now: clk.now})
	if got := held(c2, "a", "b", "c"); got != "110" {
		t.Errorf("held %s after a restart with a bound of 2, want the two stored last", got)
	}
}

func TestCacheAgeing(t *testing.T) {
	for _, tc := range []struct {
		name    string
		steps   []time.Duration // time passed, then a Confirm, each
		wait    time.Duration   // then, before the Open
		restart bool
		want    bool
	}{
		{"within the age", nil, 23 * time.Hour, false, true},
		{"past it", nil, 25 * time.Hour, false, false},
		{"past it, across a restart", nil, 25 * time.Hour, true, false},
		{"confirmed, then within it", []time.Duration{20 * time.Hour}, 20 * time.Hour, false, true},
		{"confirmed, then within it, across a restart", []time.Duration{20 * time.Hour}, 20 * time.Hour, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			clk := &clock{time.Now()}
			cfg := Config{Dir: dir, MaxBytes: 1 << 20, MaxAge: 24 * time.Hour, Now: clk.now}
			c := open(t, cfg)
			put(t, c, "k", "body")
			for _, d := range tc.steps {
				clk.t = clk.t.Add(d)
				c.Confirm("k")
			}
			clk.t = clk.t.Add(tc.wait)
			if tc.restart {
				c = open(t, cfg)
			}
			if _, ok := read(t, c, "k"); ok != tc.want {
				t.Errorf("served %v, want %v", ok, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, FileName("k"))); tc.want == os.IsNotExist(err) {
				t.Errorf("file kept: %v, want %v", err == nil, tc.want)
			}
		})
	}
}

func TestCacheRetainAndRemove(t *testing.T) {
	dir := t.TempDir()
	c := open(t, Config{Dir: dir, MaxBytes: 1 << 20})
	for _, k := range []string{"a", "b", "c"} {
		put(t, c, k, k)
	}
	if n := c.Retain(func(k string) bool { return k != "b" }); n != 1 || held(c, "a", "b", "c") != "101" {
		t.Errorf("retain: %d gone, held %s", n, held(c, "a", "b", "c"))
	}
	c.Remove("a")
	if held(c, "a", "b", "c") != "001" {
		t.Errorf("remove: held %s", held(c, "a", "b", "c"))
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("%d files, want 1", len(files))
	}
}

// TestCacheCloseRemovesOnlyItsOwnTemporaryFiles: another process's file
// being written is left alone.
func TestCacheCloseRemovesOnlyItsOwnTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	mine, other := open(t, Config{Dir: dir, MaxBytes: 1 << 20}), open(t, Config{Dir: dir, MaxBytes: 1 << 20})
	w1, _ := mine.Create("a", nil, 10)
	w2, _ := other.Create("b", nil, 10)
	mine.Close()
	if _, err := os.Stat(w1.f.Name()); !os.IsNotExist(err) {
		t.Error("the cache's own temporary file stayed")
	}
	if _, err := os.Stat(w2.f.Name()); err != nil {
		t.Error("another cache's temporary file was removed")
	}
}
