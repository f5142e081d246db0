package insights

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"

	"github.com/veldhaven/site/internal/linkedin"
)

// sampleFS holds the sample feed: posts.json in LinkedIn's /rest/posts
// answer shape, and its media under media/ named by asset id (.jpg for
// images, .mp4 for videos). The pictures are committed as made once; the
// video is made by sample/make-video.sh.
//
//go:embed sample/posts.json sample/posts-by-urn.json sample/media
var sampleFS embed.FS

// sampleSource serves the embedded sample feed. It never fails once built.
type sampleSource struct {
	fsys     fs.FS
	elements []json.RawMessage
	byURN    sampleBatch
}

// sampleBatch is sample/posts-by-urn.json: the posts the sample's reposts
// point to, in the shape of LinkedIn's BATCH_GET answer (Microsoft Learn,
// "Posts API", Batch Get Posts): results by URN, and errors by URN for
// posts LinkedIn refuses.
type sampleBatch struct {
	Results map[string]json.RawMessage   `json:"results"`
	Errors  map[string]linkedin.APIError `json:"errors"`
}

// newSampleSource decodes the embedded feed in fsys.
func newSampleSource(fsys fs.FS) (*sampleSource, error) {
	data, err := fs.ReadFile(fsys, "sample/posts.json")
	if err != nil {
		return nil, fmt.Errorf("insights: sample feed: %w", err)
	}
	var resp linkedin.PostsAnswer
	if err := json.Unmarshal(data, &resp); err != nil {
		return nil, fmt.Errorf("insights: sample feed: %w", err)
	}
	src := &sampleSource{fsys: fsys, elements: resp.Elements}
	data, err = fs.ReadFile(fsys, "sample/posts-by-urn.json")
	if err != nil {
		return nil, fmt.Errorf("insights: sample feed: %w", err)
	}
	if err := json.Unmarshal(data, &src.byURN); err != nil {
		return nil, fmt.Errorf("insights: sample feed: posts-by-urn.json: %w", err)
	}
	return src, nil
}

// Post implements postGetter from sample/posts-by-urn.json: a post of its
// results, the error it lists for the URN, or 404 NOT_FOUND.
func (s *sampleSource) Post(_ context.Context, urn string) (json.RawMessage, error) {
	if post, ok := s.byURN.Results[urn]; ok {
		return post, nil
	}
	le, ok := s.byURN.Errors[urn]
	if !ok {
		le = linkedin.APIError{Status: http.StatusNotFound, Code: "NOT_FOUND"}
	}
	return nil, fmt.Errorf("insights: sample post: %w", &linkedin.Error{Endpoint: "post", Kind: linkedin.KindForStatus(le.Status, le.Code), Status: le.Status, Code: le.Code})
}

// Posts implements Source.
func (s *sampleSource) Posts(context.Context) ([]json.RawMessage, error) {
	return s.elements, nil
}

// OpenMedia implements Source from the embedded media files.
func (s *sampleSource) OpenMedia(_ context.Context, urn string, limit int64) (io.ReadCloser, int64, error) {
	kind, ok := linkedin.ValidateMediaURN(urn)
	if !ok {
		return nil, 0, fmt.Errorf("insights: open media: invalid urn")
	}
	ext := ".jpg"
	if kind == linkedin.MediaVideo {
		ext = ".mp4"
	}
	id := urn[strings.LastIndexByte(urn, ':')+1:]
	data, err := fs.ReadFile(s.fsys, "sample/media/"+id+ext)
	if err != nil {
		return nil, 0, fmt.Errorf("insights: open media: %w", &linkedin.Error{Endpoint: "media", Kind: linkedin.KindNotFound, Err: err})
	}
	if int64(len(data)) > limit {
		return nil, 0, fmt.Errorf("insights: open media: %w", &linkedin.Error{Endpoint: "media", Kind: linkedin.KindTooLarge})
	}
	return io.NopCloser(bytes.NewReader(data)), int64(len(data)), nil
}
