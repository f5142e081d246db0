package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/prometheus/client_golang/prometheus"
)

const (
	homeHTML     = `<!DOCTYPE html><html><head><title>Home</title><style>h1{color:navy}</style></head><body><h1>Home</h1><script>window.ctx = 1;</script><script type="module" src="/_astro/entry.AbCdEf12.js"></script><script type="application/ld+json">{"@type":"Thing"}</script></body></html>`
	notFoundHTML = `<!DOCTYPE html><html><head><title>Not found</title></head><body><h1>404</h1><p>The page you are looking for does not exist.</p><script>window.ctx = 2;</script></body></html>`
)

func gz(t testing.TB, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = io.WriteString(w, s)
	_ = w.Close()
	return b.Bytes()
}

// testSite is a small build output with the shapes the real one has.
func testSite(t testing.TB) fstest.MapFS {
	return fstest.MapFS{
		"index.html":                          {Data: []byte(homeHTML)},
		"index.html.gz":                       {Data: gz(t, homeHTML)},
		"index.html.br":                       {Data: []byte("brotli-bytes-of-home")},
		"what-we-do/index.html":               {Data: []byte("<html><body>What we do</body></html>")},
		"careers/asset-manager/index.html":    {Data: []byte("<html><body>Asset manager</body></html>")},
		"404.html":                            {Data: []byte(notFoundHTML)},
		"stray.html":                          {Data: []byte("<html>not a page</html>")},
		"_astro/entry.AbCdEf12.js":            {Data: []byte("console.log('entry')")},
		"_astro/root.Zz9_x-Y1.css":            {Data: []byte("body{}")},
		"media/img/hero-640.0123abcd.avif":    {Data: []byte("avif")},
		"media/share/home.0123abcd.jpg":       {Data: []byte("jpeg")},
		"admin/assets/index.AbCdEf12.js":      {Data: []byte("console.log('editor')")},
		"media/documents/code-of-conduct.pdf": {Data: []byte("%PDF-1.7")},
		".hidden":                             {Data: []byte("secret")},
		// What the build lists (web/lib/inline-hashes.mjs): each page's own script and style.
		inlineHashesFile: {Data: inlineHashesJSON(t, map[string]inlineHashes{
			"index.html":       {Scripts: []string{"window.ctx = 1;"}, Styles: []string{"h1{color:navy}"}},
			"404.html":         {Scripts: []string{"window.ctx = 2;"}},
			"admin/index.html": {Scripts: []string{"window.CMS_MANUAL_INIT = true;"}},
		})},
	}
}

// inlineHashesJSON is a build's list of inline code, from each page's
// script and style texts.
func inlineHashesJSON(t testing.TB, pages map[string]inlineHashes) []byte {
	t.Helper()
	hash := func(code []string) []string {
		out := []string{}
		for _, c := range code {
			sum := sha256.Sum256([]byte(c))
			out = append(out, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
		}
		return out
	}
	list := map[string]inlineHashes{}
	for page, h := range pages {
		list[page] = inlineHashes{Scripts: hash(h.Scripts), Styles: hash(h.Styles)}
	}
	data, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func newTestHandler(t testing.TB, mutate func(*Config)) http.Handler {
	t.Helper()
	cfg := Config{
		Site:            testSite(t),
		SiteURL:         "https://www.example.com",
		Logger:          slog.New(slog.NewTextHandler(io.Discard, nil)),
		Registry:        prometheus.NewRegistry(),
		FrameSources:    []string{"https://maps.example"},
		ServeMetrics:    true,
		SecurityContact: "mailto:security@example.com",
	}
	if mutate != nil {
		mutate(&cfg)
	}
	h, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return h
}

func do(h http.Handler, method, target string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, "http://www.example.com/", nil)
	req.URL.Path = ""
	r, err := http.NewRequest(method, "http://www.example.com"+target, nil)
	if err == nil {
		req = httptest.NewRequest(method, "http://www.example.com/", nil)
		req.URL = r.URL
		req.RequestURI = r.URL.RequestURI()
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}
