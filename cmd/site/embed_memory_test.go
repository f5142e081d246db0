package main

import (
	"io/fs"
	"path"
	"runtime"
	"strings"
	"testing"

	"github.com/veldhaven/site/internal/server"
	"github.com/veldhaven/site/web"
)

// The embedded build's media (image variants, videos, documents) and the
// identity bytes of text that has compressed variants (pages with their
// inline CSS, scripts) must be served from the binary's read-only data:
// copied into the heap they made the server's peak RSS exceed its 64 MB
// budget. Loading the real build may grow the heap by what it serves from
// memory (the .br and .gz variants, text without variants, about 1 KB of
// bookkeeping per file) but not by a sizeable part of the rest.
func TestEmbeddedMediaStaysOutOfTheHeap(t *testing.T) {
	site, err := web.Site()
	if err != nil {
		t.Fatal(err)
	}
	var hot, cold int64
	var files int64
	err = fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		files++
		_, errBr := fs.Stat(site, name+".br")
		_, errGz := fs.Stat(site, name+".gz")
		switch {
		case strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz"):
			hot += info.Size()
		case errBr == nil || errGz == nil:
			cold += info.Size()
		}
		switch path.Ext(name) {
		case ".avif", ".webp", ".jpg", ".png", ".mp4", ".webm", ".pdf", ".woff2":
			cold += info.Size()
		case ".html", ".js", ".css", ".json", ".svg", ".txt", ".xml", ".webmanifest":
			if errBr != nil && errGz != nil {
				hot += info.Size()
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cold < 1<<20 {
		t.Skipf("only %d bytes to leave out of the heap in this build", cold)
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
	t.Logf("heap grew by %d bytes; build: %d files, %d bytes served from memory, %d from the embedded data", grown, files, hot, cold)
	if limit := hot + files<<10 + cold/4; grown > limit {
		t.Errorf("loading the site grew the heap by %d bytes, more than %d: media or pages' identity bytes are copied into it", grown, limit)
	}
}
