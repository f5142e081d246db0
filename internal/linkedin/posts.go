package linkedin

import (
	"encoding/json"
	"regexp"
)

// MaxURNLen caps the length of a media URN accepted from a visitor. LinkedIn
// image and video URNs are about 30 characters long; anything much longer is
// hostile and is refused before the regular expression runs.
const MaxURNLen = 100

// mediaURNPattern is the allow-list for media URNs: LinkedIn's image and
// video URNs (the article thumbnail of a post is an image URN too). The id is
// LinkedIn's base64url-style asset id, e.g. C4D22AQFx4nG7Gm1bVQ.
var mediaURNPattern = regexp.MustCompile(`^urn:li:(image|video):[A-Za-z0-9_-]{8,64}$`)

// MediaKind is the kind of a LinkedIn media asset: "image" or "video".
type MediaKind string

const (
	MediaImage MediaKind = "image"
	MediaVideo MediaKind = "video"
)

// ValidateMediaURN reports the kind of media a URN names, or ok == false when the
// value is not exactly a LinkedIn image or video URN. It never looks at
// anything but the string, so a refused value never reaches upstream.
func ValidateMediaURN(urn string) (kind MediaKind, ok bool) {
	if len(urn) > MaxURNLen {
		return "", false
	}
	m := mediaURNPattern.FindStringSubmatch(urn)
	if m == nil {
		return "", false
	}
	return MediaKind(m[1]), true
}

// What a post of LinkedIn's Posts API says, as far as the feed reads it
// (Microsoft Learn, "Posts API", Post schema). Everything else passes
// through to the browser untouched.

// postURNPattern is the syntax of a post URN a repost can point to: a share
// or a ugcPost (Posts API, reshareContext.parent).
var postURNPattern = regexp.MustCompile(`^urn:li:(share|ugcPost):[0-9]{1,30}$`)

// Post holds the fields of a post the service reads.
type Post struct {
	ID             string `json:"id"`
	LifecycleState string `json:"lifecycleState"`
	Visibility     string `json:"visibility"`
	CreatedAt      int64  `json:"createdAt"`
	PublishedAt    int64  `json:"publishedAt"`
	Distribution   *struct {
		FeedDistribution string `json:"feedDistribution"`
	} `json:"distribution"`
	ReshareContext *struct {
		Parent string `json:"parent"`
	} `json:"reshareContext"`
	Content struct {
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

// DecodePost reads the fields the service needs; ok is false for an
// element that is not a JSON object or has fields of the wrong type.
func DecodePost(el json.RawMessage) (Post, bool) {
	var p Post
	if err := json.Unmarshal(el, &p); err != nil {
		return Post{}, false
	}
	return p, true
}

// Public reports whether a post may be shown to anyone: published
// (lifecycleState PUBLISHED, not DRAFT, PUBLISH_REQUESTED or
// PUBLISH_FAILED) and visible to everyone (visibility PUBLIC, not
// CONNECTIONS, LOGGED_IN or CONTAINER).
func (p Post) Public() bool {
	return p.LifecycleState == "PUBLISHED" && p.Visibility == "PUBLIC"
}

// InFeed reports whether the organization's page shows the post: public
// and distributed to the main feed. distribution.feedDistribution NONE is
// a "dark" post made for sponsored content only.
func (p Post) InFeed() bool {
	return p.Public() && p.Distribution != nil && p.Distribution.FeedDistribution == "MAIN_FEED"
}

// ShownAt is the time LinkedIn shows for the post: publishedAt, or
// createdAt when there is none.
func (p Post) ShownAt() int64 {
	if p.PublishedAt > 0 {
		return p.PublishedAt
	}
	return p.CreatedAt
}

// Parent is the URN of the post a repost reposts, "" when the post is not
// a repost or the URN is not a post URN.
func (p Post) Parent() string {
	if p.ReshareContext == nil || !postURNPattern.MatchString(p.ReshareContext.Parent) {
		return ""
	}
	return p.ReshareContext.Parent
}

// MediaURNs are the image and video URNs the post shows: its media, article
// thumbnail and multi-image images (a document is not media the site proxies).
func (p Post) MediaURNs() []string {
	var urns []string
	for _, urn := range []string{p.Content.Media.ID, p.Content.Article.Thumbnail} {
		if _, ok := ValidateMediaURN(urn); ok {
			urns = append(urns, urn)
		}
	}
	for _, img := range p.Content.MultiImage.Images {
		if _, ok := ValidateMediaURN(img.ID); ok {
			urns = append(urns, img.ID)
		}
	}
	return urns
}

// PostsAnswer is the part of GET /rest/posts (Posts API, "Find Posts by
// Authors") the feed reads: the posts, each passed on as received.
type PostsAnswer struct {
	Elements []json.RawMessage `json:"elements"`
}

// MediaAnswer is the part of GET /rest/images/{urn} and /rest/videos/{urn}
// (Images API, Videos API) the feed reads: where to download the item,
// and for a video, its thumbnail.
type MediaAnswer struct {
	ID                   string `json:"id"`
	Status               string `json:"status"`
	DownloadURL          string `json:"downloadUrl"`
	DownloadURLExpiresAt int64  `json:"downloadUrlExpiresAt"`
	Thumbnail            string `json:"thumbnail"`
}

// IsPostURN reports whether s is a post URN a repost can point to.
func IsPostURN(s string) bool { return postURNPattern.MatchString(s) }
