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
)

// feed is one good answer of a source, ready to serve.
type feed struct {
	elements  []json.RawMessage // published, public posts, compacted
	fetchedAt time.Time
	body      []byte // {"elements":[...]}
	etag      string // strong ETag of body
	// gzipBody is body gzipped once per refresh (nil when that saves nothing),
	// with its own ETag; lastModified is fetchedAt as an HTTP date.
	gzipBody     []byte
	gzipETag     string
	lastModified string
	media        map[string]bool // media URNs the posts reference
}

// postFields are the fields of a post the service reads; the rest passes
// through untouched.
type postFields struct {
	LifecycleState string `json:"lifecycleState"`
	Visibility     string `json:"visibility"`
	Content        struct {
		Media struct {
			ID string `json:"id"`
		} `json:"media"`
		Article struct {
			Thumbnail string `json:"thumbnail"`
		} `json:"article"`
		MultiImage struct {
			Images []struct {
				ID string `json:"id"`
			} `json:"images"`
		} `json:"multiImage"`
	} `json:"content"`
}

// newFeed keeps the published, public posts of raw (in order), records
// the media they reference and renders the answer body. Elements that are
// not JSON objects are dropped.
func newFeed(raw []json.RawMessage, fetchedAt time.Time) (*feed, error) {
	f := &feed{fetchedAt: fetchedAt, media: make(map[string]bool), elements: []json.RawMessage{}}
	for _, el := range raw {
		var p postFields
		if err := json.Unmarshal(el, &p); err != nil {
			continue // not an object, or fields of the wrong type
		}
		if p.LifecycleState != "PUBLISHED" || p.Visibility != "PUBLIC" {
			continue
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, el); err != nil {
			continue
		}
		f.elements = append(f.elements, buf.Bytes())
		for _, urn := range []string{p.Content.Media.ID, p.Content.Article.Thumbnail} {
			if _, ok := validateURN(urn); ok {
				f.media[urn] = true
			}
		}
		for _, img := range p.Content.MultiImage.Images {
			if _, ok := validateURN(img.ID); ok {
				f.media[img.ID] = true
			}
		}
	}
	body, err := json.Marshal(struct {
		Elements []json.RawMessage `json:"elements"`
	}{f.elements})
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
