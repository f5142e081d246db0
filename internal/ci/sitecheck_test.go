package ci

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

func TestBuildPages(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":                 {Data: []byte("home")},
		"index.html.br":              {Data: []byte("x")},
		"404.html":                   {Data: []byte("404")},
		"careers/index.html":         {Data: []byte("c")},
		"careers/analyst/index.html": {Data: []byte("c")},
		"admin/index.html":           {Data: []byte("e")},
		"_astro/a.css":               {Data: []byte("x")},
	}
	got, err := BuildPages(dist)
	if err != nil {
		t.Fatal(err)
	}
	want := []Page{
		{UnknownPath, 404},
		{"/admin/", 200},
		{"/careers/analyst", 200},
		{"/careers", 200},
		{"/", 200},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pages\n got %v\nwant %v", got, want)
	}
	if _, err := BuildPages(fstest.MapFS{"stray.html": {}}); err == nil || !strings.Contains(err.Error(), "stray.html") {
		t.Errorf("a page bin/site would not serve: err %v", err)
	}
	if _, err := BuildPages(fstest.MapFS{"a.css": {}}); err == nil {
		t.Error("no pages: want an error")
	}
}

// site is a small site with one of each kind of reference; broken names the
// paths that answer 404 and moved those that redirect.
func site(t *testing.T, broken, moved map[string]bool) string {
	t.Helper()
	files := map[string]struct{ ctype, body string }{
		"/": {"text/html; charset=utf-8", `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/_astro/site.css"><link rel="icon" href="/favicon.svg">
<link rel="preconnect" href="/never-fetched"><link rel="canonical" href="https://www.example.com/">
<style>@font-face{src:url("/fonts/a.woff2")}</style>
<script type="module">import("/_astro/island.js")</script></head><body>
<a href="/careers#top">Careers</a> <a href="mailto:x@example.com">Mail</a> <a href="#main">Skip</a>
<a href="https://elsewhere.example/x">Out</a>
<picture><source type="image/avif" srcset="/media/a-400.avif 400w, /media/a-800.avif 800w">
<img src="/media/a-800.jpg" alt=""></picture>
<video poster="/media/poster.jpg"><source src="/media/v.mp4"></video>
<astro-island component-url="/_astro/People.js" renderer-url="/_astro/client.js"></astro-island>
<div style="background:url('/media/bg.jpg')"></div>
<svg><use href="/icons.svg#arrow"></use></svg></body></html>`},
		"/careers":                  {"text/html; charset=utf-8", `<!DOCTYPE html><a href="careers/analyst?ref=list">Analyst</a><img src="../media/c.png" alt="">`},
		"/careers/analyst?ref=list": {"text/html; charset=utf-8", `<!DOCTYPE html><a href="/">Home</a>`},
		"/_astro/site.css":          {"text/css", `body{background:url(/media/texture.png)}@import "/_astro/more.css";`},
		"/_astro/more.css":          {"text/css", `p{}`},
		"/no-such-page-sitecheck":   {"text/html", `<!DOCTYPE html><a href="/">Home</a><link rel="stylesheet" href="/_astro/site.css">`},
	}
	assets := []string{"/favicon.svg", "/fonts/a.woff2", "/_astro/island.js", "/media/a-400.avif", "/media/a-800.avif",
		"/media/a-800.jpg", "/media/poster.jpg", "/media/v.mp4", "/_astro/People.js", "/_astro/client.js",
		"/media/bg.jpg", "/icons.svg", "/media/c.png", "/media/texture.png"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.RequestURI()
		if broken[key] {
			http.NotFound(w, r)
			return
		}
		if moved[key] {
			http.Redirect(w, r, key+"/", http.StatusMovedPermanently)
			return
		}
		if f, ok := files[key]; ok {
			w.Header().Set("Content-Type", f.ctype)
			if key == UnknownPath {
				w.WriteHeader(http.StatusNotFound)
			}
			_, _ = w.Write([]byte(f.body))
			return
		}
		for _, a := range assets {
			if a == key {
				w.Header().Set("Content-Type", "application/octet-stream")
				_, _ = w.Write([]byte("data"))
				return
			}
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestCheckSite(t *testing.T) {
	pages := []Page{{"/", 200}, {"/careers", 200}, {UnknownPath, 404}}
	tests := []struct {
		name   string
		broken map[string]bool
		moved  map[string]bool
		want   []string // "URL (from)" of each problem
	}{
		{name: "whole", want: nil},
		{name: "a srcset candidate", broken: map[string]bool{"/media/a-800.avif": true},
			want: []string{"/media/a-800.avif (/: source srcset)"}},
		{name: "a font named by inline CSS", broken: map[string]bool{"/fonts/a.woff2": true},
			want: []string{"/fonts/a.woff2 (/: style url())"}},
		{name: "an image named by a style sheet", broken: map[string]bool{"/media/texture.png": true},
			want: []string{"/media/texture.png (/_astro/site.css: css url())"}},
		{name: "an island's component", broken: map[string]bool{"/_astro/People.js": true},
			want: []string{"/_astro/People.js (/: astro-island component-url)"}},
		{name: "a relative link with a query", broken: map[string]bool{"/careers/analyst?ref=list": true},
			want: []string{"/careers/analyst?ref=list (/careers: a href)"}},
		{name: "a relative image", broken: map[string]bool{"/media/c.png": true},
			want: []string{"/media/c.png (/careers: img src)"}},
		{name: "a link that redirects", moved: map[string]bool{"/careers": true},
			want: []string{"/careers (/: a href; page)"}},
		{name: "an asset of the 404 page, twice referred to", broken: map[string]bool{"/_astro/site.css": true},
			want: []string{"/_astro/site.css (/: link href; /no-such-page-sitecheck: link href)"}},
		{name: "the poster and the SVG sprite", broken: map[string]bool{"/media/poster.jpg": true, "/icons.svg": true},
			want: []string{"/icons.svg (/: use href)", "/media/poster.jpg (/: video poster)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := site(t, tt.broken, tt.moved)
			report, err := CheckSite(context.Background(), http.DefaultClient, base, pages, 3)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range report.Problems {
				got = append(got, p.URL+" ("+p.From+")")
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("problems\n got %q\nwant %q", got, tt.want)
			}
			// Every reference of the site is requested once: 3 pages, the
			// query page, 2 style sheets and 14 assets; nothing external,
			// no mailto:, no fragment-only link, no preconnect origin.
			if tt.broken == nil && tt.moved == nil && report.Fetched != 20 {
				t.Errorf("fetched %d URLs, want 20", report.Fetched)
			}
		})
	}
}

func TestCheckSiteWrongStatusOfThe404Page(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<!DOCTYPE html><p>soft 404</p>"))
	}))
	defer srv.Close()
	report, err := CheckSite(context.Background(), http.DefaultClient, srv.URL, []Page{{UnknownPath, 404}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(report.Problems) != 1 || report.Problems[0].Got != "200, want 404" {
		t.Errorf("problems %v, want the 200 of an unknown path", report.Problems)
	}
}
