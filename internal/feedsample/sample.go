// Package feedsample is the feed a site without LinkedIn credentials shows:
// posts and media in the shapes of LinkedIn's answers, embedded in the binary.
package feedsample

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/veldhaven/site/internal/linkedin"
)

// FS holds posts.json in LinkedIn's /rest/posts answer shape and its media
// under media/ by asset id (.jpg, .mp4); make-video.sh makes the video.
//
//go:embed posts.json posts-by-urn.json media
var FS embed.FS

// Source serves the embedded feed. It never fails once built.
type Source struct {
	elements []json.RawMessage
	byURN    batch
}

// batch is posts-by-urn.json: the posts the sample's reposts
// point to, in the shape of LinkedIn's BATCH_GET answer (Microsoft Learn,
// "Posts API", Batch Get Posts): results by URN, and errors by URN for
// posts LinkedIn refuses.
type batch struct {
	Results map[string]json.RawMessage   `json:"results"`
	Errors  map[string]linkedin.APIError `json:"errors"`
}

// New decodes the embedded feed.
func New() (*Source, error) {
	data, err := FS.ReadFile("posts.json")
	if err != nil {
		return nil, fmt.Errorf("feedsample: feed: %w", err)
	}
	var resp linkedin.PostsAnswer
	if err := json.Unmarshal(data, &resp); err != nil {
		return nil, fmt.Errorf("feedsample: feed: %w", err)
	}
	src := &Source{elements: resp.Elements}
	data, err = FS.ReadFile("posts-by-urn.json")
	if err != nil {
		return nil, fmt.Errorf("feedsample: feed: %w", err)
	}
	if err := json.Unmarshal(data, &src.byURN); err != nil {
		return nil, fmt.Errorf("feedsample: feed: posts-by-urn.json: %w", err)
	}
	return src, nil
}

// Post reads one post from posts-by-urn.json: a post of its
// results, the error it lists for the URN, or 404 NOT_FOUND.
func (s *Source) Post(_ context.Context, urn string) (json.RawMessage, error) {
	if post, ok := s.byURN.Results[urn]; ok {
		return post, nil
	}
	le, ok := s.byURN.Errors[urn]
	if !ok {
		le = linkedin.APIError{Status: http.StatusNotFound, Code: "NOT_FOUND"}
	}
	return nil, fmt.Errorf("feedsample: post: %w", &linkedin.Error{Endpoint: "post", Kind: linkedin.KindForStatus(le.Status, le.Code), Status: le.Status, Code: le.Code})
}

// Posts is the embedded posts, as received.
func (s *Source) Posts(context.Context) ([]json.RawMessage, error) {
	return s.elements, nil
}

// OpenMedia opens the embedded bytes of an image or video URN.
func (s *Source) OpenMedia(_ context.Context, urn string, limit int64) (io.ReadCloser, int64, error) {
	kind, ok := linkedin.ValidateMediaURN(urn)
	if !ok {
		return nil, 0, fmt.Errorf("feedsample: open media: invalid urn")
	}
	ext := ".jpg"
	if kind == linkedin.MediaVideo {
		ext = ".mp4"
	}
	id := urn[strings.LastIndexByte(urn, ':')+1:]
	data, err := FS.ReadFile("media/" + id + ext)
	if err != nil {
		return nil, 0, fmt.Errorf("feedsample: open media: %w", &linkedin.Error{Endpoint: "media", Kind: linkedin.KindNotFound, Err: err})
	}
	if int64(len(data)) > limit {
		return nil, 0, fmt.Errorf("feedsample: open media: %w", &linkedin.Error{Endpoint: "media", Kind: linkedin.KindTooLarge})
	}
	return io.NopCloser(bytes.NewReader(data)), int64(len(data)), nil
}

// OpenThumbnail opens a video's thumbnail: the JPEG of the same asset id.
func (s *Source) OpenThumbnail(ctx context.Context, videoURN string, limit int64) (io.ReadCloser, int64, error) {
	if kind, ok := linkedin.ValidateMediaURN(videoURN); !ok || kind != linkedin.MediaVideo {
		return nil, 0, errors.New("feedsample: open thumbnail: invalid urn")
	}
	return s.OpenMedia(ctx, "urn:li:image:"+videoURN[strings.LastIndexByte(videoURN, ':')+1:], limit)
}
