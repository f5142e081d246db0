package insights

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/veldhaven/site/internal/linkedin"
)

// A video over the size limit shows its thumbnail instead (Microsoft Learn,
// "Videos API", Get a Video), stored as "thumb-<video asset id>".

// thumbPrefix starts the media key of a video's thumbnail.
const thumbPrefix = "thumb-"

// thumbnailOpener is a source that can open the thumbnail of a video.
type thumbnailOpener interface {
	// OpenThumbnail opens the thumbnail image of the video urn, at most
	// limit bytes, and returns its size (-1 when unknown).
	OpenThumbnail(ctx context.Context, videoURN string, limit int64) (io.ReadCloser, int64, error)
}

// thumbKey is the media key of the thumbnail of a valid video URN.
func thumbKey(videoURN string) string {
	return thumbPrefix + videoURN[strings.LastIndexByte(videoURN, ':')+1:]
}

// ParseMediaKey returns the media URN of a key this service makes (a
// thumbnail's video) and whether it is a thumbnail's.
func ParseMediaKey(key string) (urn string, thumb, ok bool) {
	if id, found := strings.CutPrefix(key, thumbPrefix); found {
		urn = "urn:li:video:" + id
		if _, valid := linkedin.ValidateMediaURN(urn); !valid || thumbKey(urn) != key {
			return "", false, false
		}
		return urn, true, true
	}
	urn, _, ok = urnFromKey(key)
	if !ok || mediaKey(urn) != key {
		return "", false, false
	}
	return urn, false, true
}

// openItem opens the bytes of the media item key names.
func (s *Service) openItem(ctx context.Context, urn, key string) (io.ReadCloser, int64, error) {
	if !strings.HasPrefix(key, thumbPrefix) {
		return s.src.OpenMedia(ctx, urn, s.cfg.MaxMediaBytes)
	}
	t, ok := s.src.(thumbnailOpener)
	if !ok {
		return nil, 0, &linkedin.Error{Endpoint: "media", Kind: linkedin.KindNotFound, Err: errors.New("source has no thumbnails")}
	}
	return t.OpenThumbnail(ctx, urn, s.cfg.MaxMediaBytes)
}

// videoThumbnail is the key of urn's thumbnail when the video was too large
// and the thumbnail could be fetched, else "".
func (s *Service) videoThumbnail(ctx context.Context, urn string, err error) string {
	if linkedin.KindOf(err) != linkedin.KindTooLarge {
		return ""
	}
	key := thumbKey(urn)
	if terr := s.ensureMedia(ctx, urn, key); terr != nil {
		return ""
	}
	return key
}

// mediaKey is a valid media URN's key in /linkedin-api/media/{key} and the
// store: "image-<id>" or "video-<id>", safe in a path and as a file name.
func mediaKey(urn string) string {
	rest := strings.TrimPrefix(urn, "urn:li:")
	kind, id, _ := strings.Cut(rest, ":")
	return kind + "-" + id
}

// urnFromKey is the inverse of mediaKey. ok is false when key does not name
// a valid media URN.
func urnFromKey(key string) (urn string, kind linkedin.MediaKind, ok bool) {
	k, id, found := strings.Cut(key, "-")
	if !found {
		return "", "", false
	}
	urn = "urn:li:" + k + ":" + id
	kind, ok = linkedin.ValidateMediaURN(urn)
	if !ok {
		return "", "", false
	}
	return urn, kind, true
}
