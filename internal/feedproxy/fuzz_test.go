package feedproxy

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/veldhaven/site/internal/insights"
)

// FuzzParseTarget: whatever a visitor sends, what is forwarded is one of
// the owner's paths with at most a urn the owner's own check accepts, and
// the copy's key names exactly that (so it passes validKey at the next
// start).
func FuzzParseTarget(f *testing.F) {
	for _, seed := range []string{
		"/linkedin-api", "/linkedin-api?x=1", imageURL, imageURL + "&urn=" + imageURN, mediaPath,
		"/linkedin-api/video?urn=" + videoURN, "/linkedin-api/media/thumb-D4D05AQH9kLmN2pQrSt",
		"/linkedin-api/media/..%2f..%2fetc", "/linkedin-api/image?urn=urn%3Ali%3Aimage%3AC4D22AQFx4nG7Gm1bVQ%00",
		"/linkedin-api/posts", "/linkedin-api/image?urn=%zz",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := url.Parse(raw)
		if err != nil {
			return
		}
		tg, aerr := parseTarget(&http.Request{URL: u})
		if aerr != nil {
			if aerr.status != 400 && aerr.status != 404 {
				t.Fatalf("%q: refused with %d", raw, aerr.status)
			}
			return
		}
		switch {
		case tg.path == insights.PathFeed:
			if tg.query != "" {
				t.Fatalf("%q: the feed forwarded with a query %q", raw, tg.query)
			}
		case tg.path == insights.PathImage || tg.path == insights.PathVideo:
			q, err := url.ParseQuery(tg.query)
			kind := strings.TrimPrefix(tg.path, insights.PathFeed+"/")
			if err != nil || len(q) != 1 || len(q["urn"]) != 1 || !insights.ValidMediaURN(q.Get("urn"), kind) {
				t.Fatalf("%q: forwarded query %q", raw, tg.query)
			}
		case strings.HasPrefix(tg.path, insights.PathMediaPrefix):
			if tg.query != "" || !insights.ValidMediaKey(strings.TrimPrefix(tg.path, insights.PathMediaPrefix)) {
				t.Fatalf("%q: forwarded %q ? %q", raw, tg.path, tg.query)
			}
		default:
			t.Fatalf("%q: forwarded path %q", raw, tg.path)
		}
		if !validKey(tg.key) || !validKey(gzipPrefix+tg.key) {
			t.Fatalf("%q: key %q would not load at the next start", raw, tg.key)
		}
	})
}
