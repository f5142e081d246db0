package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// mediaSite is the test site plus media large enough to notice on the heap.
func mediaSite(t testing.TB) (fstest.MapFS, map[string][]byte) {
	site := testSite(t)
	media := map[string][]byte{
		"media/video/hero.0a1b2c3d.mp4":     patterned(4 << 20),
		"media/img/team-1600.0123abcd.avif": patterned(1 << 20),
		"media/documents/annual-report.pdf": patterned(2 << 20),
	}
	for name, data := range media {
		site[name] = &fstest.MapFile{Data: data}
	}
	return site, media
}

// patterned bytes make a wrong offset in a range visible.
func patterned(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i * 7 / 3)
	}
	return b
}

// Files must stay in the site's file system (the binary's read-only data in
// production): copying them into the heap would put the whole media library,
// tens of MB, into the server's resident memory.
func TestMediaStaysOutOfTheHeap(t *testing.T) {
	site, media := mediaSite(t)
	var total int64
	for _, data := range media {
		total += int64(len(data))
	}

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s, err := LoadSite(site)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	runtime.KeepAlive(s)

	if grown > total/8 {
		t.Errorf("loading grew the heap by %d bytes, with %d bytes of media", grown, total)
	}
	for name := range media {
		if s.files["/"+name] == nil {
			t.Fatalf("%s not served", name)
		}
	}
}

func TestStreamedMedia(t *testing.T) {
	site, media := mediaSite(t)
	h := newTestHandler(t, func(c *Config) { c.Site = site })
	video := media["media/video/hero.0a1b2c3d.mp4"]
	const videoPath = "/media/video/hero.0a1b2c3d.mp4"

	full := do(h, "GET", videoPath, map[string]string{"Accept-Encoding": "gzip, br"})
	if full.Code != http.StatusOK || !bytes.Equal(full.Body.Bytes(), video) {
		t.Fatalf("GET: status %d, %d bytes, want %d", full.Code, full.Body.Len(), len(video))
	}
	wantHeaders := map[string]string{
		"Content-Type":           "video/mp4",
		"Content-Length":         strconv.Itoa(len(video)),
		"Cache-Control":          "public, max-age=31536000, immutable",
		"Accept-Ranges":          "bytes",
		"Etag":                   `"0a1b2c3d"`,
		"Vary":                   "Accept-Encoding",
		"Content-Encoding":       "",
		"X-Content-Type-Options": "nosniff",
	}
	for k, want := range wantHeaders {
		if got := full.Header().Get(k); got != want {
			t.Errorf("%s %q, want %q", k, got, want)
		}
	}

	head := do(h, "HEAD", videoPath, nil)
	if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("Content-Length") != strconv.Itoa(len(video)) {
		t.Errorf("HEAD: status %d, body %d bytes, Content-Length %q", head.Code, head.Body.Len(), head.Header().Get("Content-Length"))
	}

	// Browsers fetch video in ranges, some far into the file.
	for _, rg := range []struct {
		header     string
		start, end int
	}{{"bytes=0-1", 0, 1}, {"bytes=1000000-1999999", 1000000, 1999999}, {"bytes=-100", len(video) - 100, len(video) - 1}} {
		rec := do(h, "GET", videoPath, map[string]string{"Range": rg.header})
		if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), video[rg.start:rg.end+1]) {
			t.Errorf("Range %s: status %d, %d bytes", rg.header, rec.Code, rec.Body.Len())
		}
		wantRange := "bytes " + strconv.Itoa(rg.start) + "-" + strconv.Itoa(rg.end) + "/" + strconv.Itoa(len(video))
		if got := rec.Header().Get("Content-Range"); got != wantRange {
			t.Errorf("Range %s: Content-Range %q, want %q", rg.header, got, wantRange)
		}
	}
	if rec := do(h, "GET", videoPath, map[string]string{"Range": "bytes=99999999-"}); rec.Code != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("unsatisfiable range: status %d", rec.Code)
	}

	notModified := do(h, "GET", videoPath, map[string]string{"If-None-Match": `"0a1b2c3d"`})
	if notModified.Code != http.StatusNotModified || notModified.Body.Len() != 0 {
		t.Errorf("If-None-Match: status %d, %d bytes", notModified.Code, notModified.Body.Len())
	}

	// A document without a hash in its name gets the hash of its bytes,
	// as if it were held in memory.
	pdf := do(h, "GET", "/media/documents/annual-report.pdf", nil)
	sum := sha256.Sum256(media["media/documents/annual-report.pdf"])
	want := `"` + hex.EncodeToString(sum[:12]) + `"`
	if got := pdf.Header().Get("ETag"); got != want || pdf.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("pdf: ETag %q (want %q), Cache-Control %q", got, want, pdf.Header().Get("Cache-Control"))
	}
}

// The identity of a page with compressed variants comes from the file
// system: whole, in ranges, as a 304, and for the 404 page with its status.
func TestStreamedPageIdentity(t *testing.T) {
	h := newTestHandler(t, nil)
	page := do(h, "GET", "/", map[string]string{"Accept-Encoding": "identity"})
	if page.Code != http.StatusOK || page.Body.String() != homeHTML || page.Header().Get("Content-Length") != strconv.Itoa(len(homeHTML)) {
		t.Fatalf("GET /: status %d, body %q", page.Code, page.Body.String())
	}
	if csp := page.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "'sha256-") {
		t.Errorf("inline script hash missing from the CSP of a streamed page: %s", csp)
	}
	if rec := do(h, "GET", "/", map[string]string{"Range": "bytes=0-14"}); rec.Code != http.StatusPartialContent || rec.Body.String() != homeHTML[:15] {
		t.Errorf("Range: status %d, body %q", rec.Code, rec.Body.String())
	}
	if rec := do(h, "GET", "/", map[string]string{"If-None-Match": page.Header().Get("ETag")}); rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: status %d", rec.Code)
	}
	site := testSite(t)
	site["404.html.gz"] = &fstest.MapFile{Data: gz(t, notFoundHTML)}
	h = newTestHandler(t, func(c *Config) { c.Site = site })
	for _, method := range []string{"GET", "HEAD"} {
		rec := do(h, method, "/nope", nil)
		want := notFoundHTML
		if method == "HEAD" {
			want = ""
		}
		if rec.Code != http.StatusNotFound || rec.Body.String() != want || rec.Header().Get("Content-Length") != strconv.Itoa(len(notFoundHTML)) {
			t.Errorf("%s 404 page: status %d, body %q", method, rec.Code, rec.Body.String())
		}
	}
}

// The allocations of a media request do not grow with the file (no copy of it).
func TestStreamedMediaAllocations(t *testing.T) {
	site, _ := mediaSite(t)
	h := newTestHandler(t, func(c *Config) { c.Site = site })
	req, _ := http.NewRequest("GET", "/media/video/hero.0a1b2c3d.mp4", nil)
	w := &discardWriter{h: http.Header{}}
	var bytesBefore, bytesAfter runtime.MemStats
	runtime.ReadMemStats(&bytesBefore)
	const n = 20
	for range n {
		clear(w.h)
		w.status, w.n = 0, 0
		h.ServeHTTP(w, req)
	}
	runtime.ReadMemStats(&bytesAfter)
	if w.n != 4<<20 {
		t.Fatalf("wrote %d bytes", w.n)
	}
	if per := (bytesAfter.TotalAlloc - bytesBefore.TotalAlloc) / n; per > 64<<10 {
		t.Errorf("%d bytes allocated per 4 MiB video request", per)
	}
}
