package insights

import (
	"regexp"
	"strings"
)

// maxURNLen caps the length of a media URN accepted from a visitor. LinkedIn
// image and video URNs are about 30 characters long; anything much longer is
// hostile and is refused before the regular expression runs.
const maxURNLen = 100

// mediaURNPattern is the allow-list for media URNs: LinkedIn's image and
// video URNs (the article thumbnail of a post is an image URN too). The id is
// LinkedIn's base64url-style asset id, e.g. C4D22AQFx4nG7Gm1bVQ.
var mediaURNPattern = regexp.MustCompile(`^urn:li:(image|video):[A-Za-z0-9_-]{8,64}$`)

// mediaKind is the kind of a LinkedIn media asset: "image" or "video".
type mediaKind string

const (
	kindImage mediaKind = "image"
	kindVideo mediaKind = "video"
)

// validateURN reports the kind of media a URN names, or ok == false when the
// value is not exactly a LinkedIn image or video URN. It never looks at
// anything but the string, so a refused value never reaches upstream.
func validateURN(urn string) (kind mediaKind, ok bool) {
	if len(urn) > maxURNLen {
		return "", false
	}
	m := mediaURNPattern.FindStringSubmatch(urn)
	if m == nil {
		return "", false
	}
	return mediaKind(m[1]), true
}

// mediaKey turns a valid media URN into the key used in
// /linkedin-api/media/{key} and as the cache file name: "image-<id>" or
// "video-<id>". The key holds only [A-Za-z0-9_-], so it is safe in a path and
// as a file name.
func mediaKey(urn string) string {
	rest := strings.TrimPrefix(urn, "urn:li:")
	kind, id, _ := strings.Cut(rest, ":")
	return kind + "-" + id
}

// urnFromKey is the inverse of mediaKey. ok is false when key does not name
// a valid media URN.
func urnFromKey(key string) (urn string, kind mediaKind, ok bool) {
	k, id, found := strings.Cut(key, "-")
	if !found {
		return "", "", false
	}
	urn = "urn:li:" + k + ":" + id
	kind, ok = validateURN(urn)
	if !ok {
		return "", "", false
	}
	return urn, kind, true
}
