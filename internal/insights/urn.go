package insights

import (
	"strings"

	"github.com/veldhaven/site/internal/linkedin"
)

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
