package insights

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
)

// feed is one good answer of a source, ready to serve.
type feed struct {
	elements []json.RawMessage // published, public posts, compacted
	// reshared are the reposted posts by URN (see resolveReshares), and
	// refused the reposted posts LinkedIn refused to show.
	reshared  map[string]json.RawMessage
	refused   map[string]bool
	fetchedAt time.Time
	body      []byte // {"elements":[...]}
	etag      string // strong ETag of body
	// gzipBody is body gzipped once per refresh (nil when that saves nothing),
	// with its own ETag; lastModified is fetchedAt as an HTTP date.
	gzipBody     []byte
	gzipETag     string
	lastModified string
	// media are the media URNs the posts reference, each with a
	// fingerprint of the post that does: a failure of the item is
	// remembered until it changes (Service.ensureMedia).
	media map[string]string
}

// newFeed keeps the posts of raw LinkedIn's page shows, newest first, notes
// the media they and the reposted posts reference, and renders the body.
func newFeed(raw []json.RawMessage, reshared map[string]json.RawMessage, refused map[string]bool, fetchedAt time.Time) (*feed, error) {
	f := &feed{fetchedAt: fetchedAt, media: make(map[string]string), elements: []json.RawMessage{}, reshared: map[string]json.RawMessage{}, refused: map[string]bool{}}
	var kept []feedPost
	for _, el := range raw {
		p, ok := linkedin.DecodePost(el)
		if !ok || !p.InFeed() {
			continue
		}
		compact, err := compactJSON(el)
		if err != nil {
			continue
		}
		kept = append(kept, feedPost{raw: compact, p: p})
	}
	sortNewestFirst(kept)
	for _, fp := range kept {
		f.elements = append(f.elements, fp.raw)
		for _, urn := range fp.p.MediaURNs() {
			f.media[urn] = fingerprint(fp.raw)
		}
		// Only the reposted posts of kept reposts are relayed.
		parent := fp.p.Parent()
		if refused[parent] {
			f.refused[parent] = true
		}
		if el, ok := reshared[parent]; ok && parent != "" {
			p, ok := linkedin.DecodePost(el)
			if !ok || !p.Public() {
				f.refused[parent] = true
				continue
			}
			compact, err := compactJSON(el)
			if err != nil {
				continue
			}
			f.reshared[parent] = compact
			for _, urn := range p.MediaURNs() {
				f.media[urn] = fingerprint(compact)
			}
		}
	}
	// reshared is the site's addition to LinkedIn's answer: the posts the
	// reposts point to, by URN, as GET /rest/posts/{urn} answered them.
	body, err := json.Marshal(struct {
		Elements []json.RawMessage          `json:"elements"`
		Reshared map[string]json.RawMessage `json:"reshared"`
	}{f.elements, f.reshared})
	if err != nil {
		return nil, fmt.Errorf("insights: render feed: %w", err)
	}
	f.body = body
	sum := sha256.Sum256(body)
	f.etag = `"` + hex.EncodeToString(sum[:16]) + `"`
	f.lastModified = fetchedAt.UTC().Format(http.TimeFormat)
	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestCompression)
	_, _ = zw.Write(body)
	if zw.Close() == nil && zipped.Len() < len(body) {
		f.gzipBody = zipped.Bytes()
		f.gzipETag = `"` + hex.EncodeToString(sum[:16]) + `-gz"`
	}
	return f, nil
}

// fingerprint names one version of a post.
func fingerprint(post json.RawMessage) string {
	sum := sha256.Sum256(post)
	return hex.EncodeToString(sum[:8])
}

// compactJSON returns el without insignificant white space.
func compactJSON(el json.RawMessage) (json.RawMessage, error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, el); err != nil {
		return nil, fmt.Errorf("insights: compact post: %w", err)
	}
	return buf.Bytes(), nil
}
