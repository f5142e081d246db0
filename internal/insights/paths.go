package insights

import "github.com/veldhaven/site/internal/linkedin"

// The checks of the feed endpoints' inputs, for a process that serves these
// endpoints from another one (a web replica, replica.go):
// it forwards only what passes the very checks the owner applies.

// ValidMediaURN reports whether urn is a LinkedIn media URN of the kind
// ("image" or "video") that /linkedin-api/{kind}?urn= accepts.
func ValidMediaURN(urn, kind string) bool {
	k, ok := linkedin.ValidateMediaURN(urn)
	return ok && string(k) == kind
}

// ValidMediaKey reports whether key is exactly a key this package makes for
// /linkedin-api/media/{key} (an image, a video or a video's thumbnail).
func ValidMediaKey(key string) bool {
	_, _, ok := parseMediaKey(key)
	return ok
}
