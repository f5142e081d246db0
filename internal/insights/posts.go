package insights

import (
	"context"
	"encoding/json"
	"sort"
	"sync"

	"github.com/veldhaven/site/internal/linkedin"
)

// maxReshares caps how many reposted posts one refresh resolves through
// GET /rest/posts/{urn}; the site shows at most a few pages of 3.
const maxReshares = 20

// maxConcurrentReshares caps the reposted-post lookups under way at once.
const maxConcurrentReshares = 4

// feedPost is a post kept for the feed with the fields it is sorted by.
type feedPost struct {
	raw json.RawMessage
	p   linkedin.Post
}

// sortNewestFirst orders posts as LinkedIn's page does: newest publication
// first. Ties keep LinkedIn's order, so the result is deterministic.
func sortNewestFirst(posts []feedPost) {
	sort.SliceStable(posts, func(i, j int) bool { return posts[i].p.ShownAt() > posts[j].p.ShownAt() })
}

// postGetter is a source that can read one post by URN: the post a repost
// points to. Both sources implement it.
type postGetter interface {
	// Post returns the post of urn as LinkedIn answers GET /rest/posts/{urn}.
	Post(ctx context.Context, urn string) (json.RawMessage, error)
}

// reshareResult is what a lookup of a reposted post concluded: the post,
// or that LinkedIn refused it (gone, not public, not ours to read), or a
// failure that says nothing about the post (keep what was known).
type reshareResult struct {
	raw      json.RawMessage
	refused  bool
	failTemp bool
}

// resolveReshares finds the posts the reposts in raw point to, at most
// maxReshares, each looked up once and kept (with LinkedIn's refusals, from
// previous and previousRefused) while the feed lists a repost of it; a
// passing failure is asked again at the next refresh.
func resolveReshares(ctx context.Context, src Source, raw []json.RawMessage, previous map[string]json.RawMessage, previousRefused map[string]bool) (reshared map[string]json.RawMessage, refused map[string]bool) {
	getter, ok := src.(postGetter)
	var urns []string
	seen := map[string]bool{}
	for _, el := range raw {
		p, decoded := linkedin.DecodePost(el)
		if !decoded || !p.InFeed() {
			continue
		}
		if urn := p.Parent(); urn != "" && !seen[urn] && len(urns) < maxReshares {
			seen[urn] = true
			urns = append(urns, urn)
		}
	}
	reshared, refused = map[string]json.RawMessage{}, map[string]bool{}
	var ask []string
	for _, urn := range urns {
		switch {
		case previous[urn] != nil:
			reshared[urn] = previous[urn]
		case previousRefused[urn]:
			refused[urn] = true
		default:
			ask = append(ask, urn)
		}
	}
	if !ok || len(ask) == 0 {
		return reshared, refused
	}
	results := make([]reshareResult, len(ask))
	sem := make(chan struct{}, maxConcurrentReshares)
	var wg sync.WaitGroup
	for i, urn := range ask {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = lookupReshare(ctx, getter, urn)
		})
	}
	wg.Wait()
	for i, urn := range ask {
		switch r := results[i]; {
		case r.raw != nil:
			reshared[urn] = r.raw
		case r.refused:
			refused[urn] = true
		}
	}
	return reshared, refused
}

// lookupReshare reads one reposted post and keeps it only when it is public.
func lookupReshare(ctx context.Context, getter postGetter, urn string) reshareResult {
	raw, err := getter.Post(ctx, urn)
	if err != nil {
		switch linkedin.KindOf(err) {
		case linkedin.KindForbidden, linkedin.KindNotFound, linkedin.KindClientError, linkedin.KindBadResponse:
			return reshareResult{refused: true}
		}
		return reshareResult{failTemp: true}
	}
	p, ok := linkedin.DecodePost(raw)
	if !ok || !p.Public() {
		return reshareResult{refused: true}
	}
	compact, err := compactJSON(raw)
	if err != nil {
		return reshareResult{refused: true}
	}
	return reshareResult{raw: compact}
}
