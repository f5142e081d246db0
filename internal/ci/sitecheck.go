package ci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/net/html"
)

// Page is one page of a build: the path it is served at, and the status it
// must answer with (200; the build's 404 page at NotFoundPath answers 404).
type Page struct {
	Path   string
	Status int
}

// UnknownPath is a path no build has, for the 404 page bin/site answers with
// NotFoundPath, where the build writes it.
const (
	UnknownPath  = "/no-such-page-sitecheck"
	NotFoundPath = "404.html"
)

// BuildPages lists the pages of a build folder (web/dist): x/index.html is
// served at /x, index.html at /, and 404.html is what an unknown path gets.
func BuildPages(dist fs.FS) ([]Page, error) {
	var pages []Page
	err := fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".html") {
			return nil
		}
		switch {
		case p == NotFoundPath:
			pages = append(pages, Page{Path: UnknownPath, Status: http.StatusNotFound})
		case p == "index.html":
			pages = append(pages, Page{Path: "/", Status: http.StatusOK})
		case path.Base(p) == "index.html" && p == "admin/index.html":
			// The editor's page is served at its folder, with the slash.
			pages = append(pages, Page{Path: "/admin/", Status: http.StatusOK})
		case path.Base(p) == "index.html":
			pages = append(pages, Page{Path: "/" + path.Dir(p), Status: http.StatusOK})
		default:
			return fmt.Errorf("%s: a page that is not x/index.html (bin/site would not serve it)", p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the build's pages: %w", err)
	}
	if len(pages) == 0 {
		return nil, errors.New("list the build's pages: no pages (was the site built?)")
	}
	return pages, nil
}

// Problem is one URL that answered wrongly, where it was found ("/careers:
// img srcset", or "page"), and what came back.
type Problem struct {
	URL, From, Got string
}

func (p Problem) String() string { return fmt.Sprintf("%s (%s): %s", p.URL, p.From, p.Got) }

// Report is what CheckSite saw.
type Report struct {
	Pages    int // pages checked
	Fetched  int // distinct URLs requested, pages included
	Problems []Problem
}

// CheckSite requests every page at base (a running bin/site) and every
// internal URL they refer to, in HTML and CSS, without following redirects:
// each must answer 200 (a page its own status). workers bounds the requests in flight.
func CheckSite(ctx context.Context, client *http.Client, base string, pages []Page, workers int) (Report, error) {
	origin, err := url.Parse(strings.TrimSuffix(base, "/"))
	if err != nil || origin.Host == "" {
		return Report{}, fmt.Errorf("check site: base %q: want an http(s) origin", base)
	}
	if workers < 1 {
		workers = 1
	}
	noRedirect := *client
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

	type job struct {
		target string // path and query
		from   string
		want   int
	}
	var (
		mu       sync.Mutex
		seen     = map[string]bool{}
		refs     = map[string][]string{} // where each URL was found
		problems []Problem
		wg       sync.WaitGroup
	)
	var enqueue func(j job)
	sem := make(chan struct{}, workers)
	enqueue = func(j job) {
		mu.Lock()
		refs[j.target] = append(refs[j.target], j.from)
		if seen[j.target] {
			mu.Unlock()
			return
		}
		seen[j.target] = true
		mu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			found, got := fetch(ctx, &noRedirect, origin, j.target, j.want)
			<-sem
			if got != "" {
				mu.Lock()
				problems = append(problems, Problem{URL: j.target, Got: got})
				mu.Unlock()
			}
			for _, r := range found {
				enqueue(job{target: r.target, from: j.target + ": " + r.from, want: http.StatusOK})
			}
		}()
	}
	for _, p := range pages {
		enqueue(job{target: p.Path, from: "page", want: p.Status})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Report{}, fmt.Errorf("check site: %w", err)
	}
	for i := range problems {
		problems[i].From = referrers(refs[problems[i].URL])
	}
	slices.SortFunc(problems, func(a, b Problem) int { return strings.Compare(a.URL+a.From, b.URL+b.From) })
	return Report{Pages: len(pages), Fetched: len(seen), Problems: problems}, nil
}

// referrers names the first three places a URL was found, sorted, and how many more.
func referrers(from []string) string {
	from = slices.Clone(from)
	slices.Sort(from)
	from = slices.Compact(from)
	if len(from) > 3 {
		return strings.Join(from[:3], "; ") + fmt.Sprintf("; and %d more", len(from)-3)
	}
	return strings.Join(from, "; ")
}

// ref is an internal URL found in a document, and where.
type ref struct{ target, from string }

// fetch requests target and returns the internal URLs in HTML and CSS and what was wrong, if anything.
func fetch(ctx context.Context, client *http.Client, origin *url.URL, target string, want int) ([]ref, string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, origin.String()+target, nil)
	if err != nil {
		return nil, err.Error()
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err.Error()
	}
	defer resp.Body.Close()
	var problem string
	if resp.StatusCode != want {
		problem = fmt.Sprintf("%d, want %d", resp.StatusCode, want)
		if loc := resp.Header.Get("Location"); loc != "" {
			problem += " (to " + loc + ")"
		}
		// A page that answers wrongly is still read: its links are checked too.
		if resp.StatusCode >= 300 {
			return nil, problem
		}
	}
	ctype := resp.Header.Get("Content-Type")
	docURL := origin.ResolveReference(&url.URL{Path: strings.SplitN(target, "?", 2)[0]})
	switch {
	case strings.HasPrefix(ctype, "text/html"):
		found, err := htmlRefs(io.LimitReader(resp.Body, 16<<20))
		if err != nil {
			return nil, fmt.Sprintf("read HTML: %v", err)
		}
		return internal(origin, docURL, found), problem
	case strings.HasPrefix(ctype, "text/css"):
		body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
		if err != nil {
			return nil, fmt.Sprintf("read CSS: %v", err)
		}
		return internal(origin, docURL, cssRefs(string(body), "css url()")), problem
	}
	return nil, problem
}

// internal keeps the references on the site's origin, resolved, without fragments.
func internal(origin, doc *url.URL, found []ref) []ref {
	var out []ref
	for _, r := range found {
		raw := strings.TrimSpace(r.target)
		if raw == "" || strings.HasPrefix(raw, "#") || strings.HasPrefix(raw, "data:") {
			continue
		}
		u, err := url.Parse(raw)
		if err != nil {
			out = append(out, ref{target: raw, from: r.from + " (not a URL)"})
			continue
		}
		abs := doc.ResolveReference(u)
		if abs.Scheme != origin.Scheme || abs.Host != origin.Host {
			continue
		}
		t := abs.EscapedPath()
		if abs.RawQuery != "" {
			t += "?" + abs.RawQuery
		}
		out = append(out, ref{target: t, from: r.from})
	}
	return out
}

// urlAttrs are the attributes that name a URL, by element ("*" any element).
var urlAttrs = map[string][]string{
	"a": {"href"}, "area": {"href"}, "link": {"href"}, "object": {"data"},
	"script": {"src"}, "img": {"src"}, "iframe": {"src"}, "embed": {"src"}, "source": {"src"}, "track": {"src"}, "audio": {"src"},
	"video": {"src", "poster"}, "use": {"href", "xlink:href"}, "image": {"href", "xlink:href"},
	"astro-island": {"component-url", "renderer-url"},
}

// Inline scripts (Astro's island loader, prefetch) name assets in quotes.
var scriptAssetRe = regexp.MustCompile(`["'](/[A-Za-z0-9_./-]+\.(?:js|mjs|css))["']`)

// htmlRefs lists the URLs an HTML document refers to.
func htmlRefs(r io.Reader) ([]ref, error) {
	var out []ref
	z := html.NewTokenizer(r)
	inStyle, inScript := false, false
	for {
		switch z.Next() {
		case html.ErrorToken:
			if errors.Is(z.Err(), io.EOF) {
				return out, nil
			}
			return nil, z.Err()
		case html.TextToken:
			text := string(z.Text())
			if inStyle {
				out = append(out, cssRefs(text, "style url()")...)
			}
			if inScript {
				for _, m := range scriptAssetRe.FindAllStringSubmatch(text, -1) {
					out = append(out, ref{target: m[1], from: "inline script"})
				}
			}
		case html.EndTagToken:
			inStyle, inScript = false, false
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			name := tok.Data
			inStyle = name == "style"
			inScript = name == "script"
			attrs := urlAttrs[name]
			for _, a := range tok.Attr {
				key := a.Key
				if a.Namespace != "" {
					key = a.Namespace + ":" + a.Key
				}
				switch {
				case slices.Contains(attrs, key):
					if name == "link" && !fetchedLink(tok) {
						continue
					}
					out = append(out, ref{target: a.Val, from: name + " " + key})
				case key == "srcset" || key == "imagesrcset":
					for _, candidate := range strings.Split(a.Val, ",") {
						if f := strings.Fields(candidate); len(f) > 0 {
							out = append(out, ref{target: f[0], from: name + " " + key})
						}
					}
				case key == "style":
					out = append(out, cssRefs(a.Val, name+" style url()")...)
				}
			}
		}
	}
}

// fetchedLink says whether a <link> names a resource (preconnect and dns-prefetch name origins).
func fetchedLink(tok html.Token) bool {
	for _, a := range tok.Attr {
		if a.Key == "rel" {
			for _, rel := range strings.Fields(strings.ToLower(a.Val)) {
				if rel == "preconnect" || rel == "dns-prefetch" {
					return false
				}
			}
		}
	}
	return true
}

var cssURLRe = regexp.MustCompile(`url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')`)

// cssRefs lists the url() and @import targets of a style sheet.
func cssRefs(css, from string) []ref {
	var out []ref
	for _, m := range cssURLRe.FindAllStringSubmatch(css, -1) {
		for _, g := range m[1:] {
			if g != "" {
				out = append(out, ref{target: g, from: from})
				break
			}
		}
	}
	return out
}
