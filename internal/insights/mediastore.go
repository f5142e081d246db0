package insights

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"github.com/veldhaven/site/internal/diskcache"
)

// mediaKeyPattern is the syntax of a media cache key (see mediaKey).
var mediaKeyPattern = regexp.MustCompile(`^(image|video|thumb)-[A-Za-z0-9_-]{8,64}$`)

// errMediaTooLarge is returned by put for an item over the size cap.
var errMediaTooLarge = errors.New("media over the size cap")

// errMediaType is returned by put for bytes that are not of the kind asked.
var errMediaType = errors.New("media of an unexpected content type")

// mediaStore is the owner's bounded cache of media bytes by media key, in
// the site's one cache format (internal/diskcache) under dir, or in memory
// when dir is "". Each entry keeps the content type sniffed from its bytes,
// which always fits the kind its key names.
type mediaStore struct{ *diskcache.Cache }

func newMediaStore(dir string, max int64, logger *slog.Logger) (*mediaStore, error) {
	c, err := diskcache.Open(diskcache.Config{Dir: dir, MaxBytes: max, Logger: logger, Valid: func(m diskcache.Meta) bool {
		return mediaKeyPattern.MatchString(m.Key) && kindMatches(m.Key, m.Attrs["Content-Type"])
	}})
	if err != nil {
		return nil, fmt.Errorf("insights: media cache: %w", err)
	}
	return &mediaStore{c}, nil
}

// kindMatches reports whether a sniffed content type fits the kind the key
// names: only images for image keys, only videos for video keys. Anything
// else (HTML, scripts) is never served from the site's origin.
func kindMatches(key, contentType string) bool {
	kind, _, _ := strings.Cut(key, "-")
	if kind == "thumb" {
		kind = "image" // a video's thumbnail is an image
	}
	return strings.HasPrefix(contentType, kind+"/")
}

// put stores at most limit bytes of r under key. Bytes over limit fail with
// errMediaTooLarge, bytes of the wrong kind with errMediaType; nothing is
// stored then.
func (m *mediaStore) put(key string, r io.Reader, limit int64) error {
	if !mediaKeyPattern.MatchString(key) {
		return errors.New("insights: store media: invalid key")
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return fmt.Errorf("insights: store media: %w", err)
	}
	head = head[:n]
	contentType := http.DetectContentType(head)
	if !kindMatches(key, contentType) {
		return fmt.Errorf("insights: store media: %w", errMediaType)
	}
	w, err := m.Create(key, map[string]string{"Content-Type": contentType}, limit)
	if err == nil {
		if _, err = io.Copy(w, io.MultiReader(bytes.NewReader(head), r)); err != nil {
			w.Abort()
		} else {
			err = w.Commit()
		}
	}
	if errors.Is(err, diskcache.ErrTooLarge) {
		err = errMediaTooLarge
	}
	if err != nil {
		return fmt.Errorf("insights: store media: %w", err)
	}
	return nil
}
