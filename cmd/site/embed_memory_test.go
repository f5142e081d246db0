package main

import (
	"io/fs"
	"path"
	"runtime"
	"testing"

	"github.com/veldhaven/site/internal/server"
	"github.com/veldhaven/site/web"
)

// The embedded build's media (image variants, videos, documents) must be
// served from the binary's read-only data: loaded into the heap they made
// the server's peak RSS exceed its 64 MB budget. Loading the real build may
// grow the heap by its text (pages, scripts, styles and their compressed
// variants, plus about 1 KB of bookkeeping per file) but not by a sizeable
// part of its media.
func TestEmbeddedMediaStaysOutOfTheHeap(t *testing.T) {
	site, err := web.Site()
	if err != nil {
		t.Fatal(err)
	}
	var media, text int64
	err = fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch path.Ext(name) {
		case ".avif", ".webp", ".jpg", ".png", ".mp4", ".webm", ".pdf", ".woff2":
			media += info.Size()
		default:
			text += info.Size()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if media < 1<<20 {
		t.Skipf("only %d bytes of media in this build", media)
	}

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s, err := server.LoadSite(site)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap grew by %d bytes; build: %d bytes of text, %d of media", grown, text, media)
	if grown > text+media/3 {
		t.Errorf("loading the site grew the heap by %d bytes: more than its %d bytes of text and a third of its %d bytes of media", grown, text, media)
	}
}
