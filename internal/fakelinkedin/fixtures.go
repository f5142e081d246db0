package fakelinkedin

import (
	"fmt"
	"time"
)

// The posts the fake serves, one of each kind an organization's page can
// publish, each field as the documentation page named beside it spells it.
// Pages (Microsoft Learn, LinkedIn Marketing API):
//
//	posts:    "Posts API" (community-management/shares/posts-api) and its
//	          "Post Schema" (post-api-schema)
//	text:     "Little Text Format" (little-text-format): {hashtag|\#|Name}, @[Name](urn)
//	images:   "Images API" (images-api)
//	videos:   "Videos API" (videos-api)
//	polls:    "Poll Post API" (poll-post-api)
//	errors:   "API error handling" (shared/api-guide/concepts/error-handling)
//	versions: "LinkedIn versioning" (marketing/versioning)
//	oauth:    "Authorization Code Flow (3-legged OAuth)" (shared/authentication/
//	          authorization-code-flow): oauth.go
//	roles:    "Organization Access Control by Role" (community-management/
//	          organizations/organization-access-control-by-role): acls.go
//	introspection: "Token Introspection" (shared/authentication/
//	          token-introspection): introspect.go
//	tokens:   "Refresh Tokens with OAuth 2.0" (shared/authentication/
//	          programmatic-refresh-tokens): the refresh grant and its errors

// Asset URNs of the fixtures: LinkedIn's image, video and document URNs.
const (
	ImageURN        = "urn:li:image:C4D22AQFakeImage001"
	MultiImage1URN  = "urn:li:image:C4D22AQFakeMulti001"
	MultiImage2URN  = "urn:li:image:C4D22AQFakeMulti002"
	ThumbnailURN    = "urn:li:image:C4D12AQFakeArticle01"
	VideoURN        = "urn:li:video:D4D05AQFakeVideo001"
	BigVideoURN     = "urn:li:video:D4D05AQFakeBigVideo1"
	DocumentURN     = "urn:li:document:D4D10AQFakeDocument1"
	ResharedURN     = "urn:li:share:7099000000000555001"
	ResharedImage   = "urn:li:image:C4D22AQFakeReshared1"
	RefusedURN      = "urn:li:ugcPost:7098000000000444002"
	DarkPostURN     = "urn:li:share:7100000000000000090"
	EditedOldURN    = "urn:li:share:7100000000000000001"
	ScheduledURN    = "urn:li:share:7100000000000000030"
	PollURN         = "urn:li:ugcPost:7100000000000000040"
	RepostURN       = "urn:li:share:7100000000000000050"
	RefusedRepost   = "urn:li:share:7100000000000000055"
	UnknownKindURN  = "urn:li:share:7100000000000000060"
	BareArticleURN  = "urn:li:share:7100000000000000070"
	DraftURN        = "urn:li:share:7100000000000000080"
	ConnectionsURN  = "urn:li:share:7100000000000000085"
	partnerOrgURN   = "urn:li:organization:18355012"
	fixtureBaseTime = 1_700_000_000_000 // 2023-11-14T22:13:20Z, epoch ms
)

// day is a day in epoch milliseconds.
const day = int64(24 * time.Hour / time.Millisecond)

// post is one element of GET /rest/posts (Posts API, Post Schema): author,
// commentary (little text), createdAt, publishedAt and lastModifiedAt in
// epoch ms, lifecycleState (DRAFT, PUBLISHED, PUBLISH_REQUESTED,
// PUBLISH_FAILED), visibility (PUBLIC, CONNECTIONS, LOGGED_IN, CONTAINER),
// distribution.feedDistribution (MAIN_FEED, NONE), isReshareDisabledByAuthor,
// lifecycleStateInfo, and the optional content and reshareContext.
func post(author, id, commentary string, created, published, modified int64, extra map[string]any) map[string]any {
	p := map[string]any{
		"author":                    author,
		"commentary":                commentary,
		"createdAt":                 created,
		"distribution":              map[string]any{"feedDistribution": "MAIN_FEED", "targetEntities": []any{}, "thirdPartyDistributionChannels": []any{}},
		"id":                        id,
		"isReshareDisabledByAuthor": false,
		"lastModifiedAt":            modified,
		"lifecycleState":            "PUBLISHED",
		"lifecycleStateInfo":        map[string]any{"isEditedByAuthor": modified > published},
		"publishedAt":               published,
		"visibility":                "PUBLIC",
	}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

// FamilyEmoji is a grapheme cluster of seven code points (man, ZWJ, woman,
// ZWJ, girl, ZWJ, boy): the long fixture puts it across the 400-character cut.
const FamilyEmoji = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"

// longCommentary is 399 characters of text, then FamilyEmoji as the 400th,
// a flag and a skin-tone emoji after it.
func longCommentary() string {
	text := "Scheduled for the start of term: our student housing review. "
	for len(text) < 399 {
		text += "Rooms at rents students can afford, each with a kitchen. "
	}
	return text[:399] + FamilyEmoji + " \U0001F1F3\U0001F1F1 \U0001F44B\U0001F3FD more {hashtag|\\#|StudentHousing}"
}

// Posts is the organization's posts in LinkedIn's default order for
// q=author (sortBy LAST_MODIFIED: most recently modified first), for author.
func Posts(author string) []map[string]any {
	t := int64(fixtureBaseTime)
	return []map[string]any{
		// Posts API: a 2020 post edited today; LAST_MODIFIED puts it first.
		post(author, EditedOldURN, "Our first fund closed (fund size typo fixed).", 1_600_000_000_000, 1_600_000_000_000, t+2*day, nil),
		// Posts API, Post Schema: distribution.feedDistribution NONE is a
		// dark post, for sponsored content only.
		post(author, DarkPostURN, "Dark post for a campaign.", t+day, t+day, t+day, map[string]any{
			"distribution": map[string]any{"feedDistribution": "NONE", "targetEntities": []any{}, "thirdPartyDistributionChannels": []any{}},
		}),
		// Posts API, "Create a Single Image Post": content.media {id, altText}.
		post(author, "urn:li:share:7100000000000000010", "Acquisition of Keizershof {hashtag|\\#|RealEstate} with @[Brink Mulder](urn:li:organization:52810377)", t, t, t, map[string]any{
			"content": map[string]any{"media": map[string]any{"id": ImageURN, "altText": "Keizershof shopping centre"}},
		}),
		// Posts API, "Create a Video Post": content.media {id, title}.
		post(author, "urn:li:share:7100000000000000020", "Our Foundation's film.", t-day, t-day, t-day, map[string]any{
			"content": map[string]any{"media": map[string]any{"id": VideoURN, "title": "Foundation film"}},
		}),
		// Posts API, Post Schema: publishedAt later than createdAt (scheduled).
		post(author, ScheduledURN, longCommentary(), t-5*day, t-2*day, t-2*day, map[string]any{
			"content": map[string]any{"media": map[string]any{"id": BigVideoURN, "title": "Student housing tour"}},
		}),
		// Poll Post API: content.poll {question, options[{text}], settings, uniqueVotersCount}.
		post(author, PollURN, "", t-3*day, t-3*day, t-3*day, map[string]any{
			"content": map[string]any{"poll": map[string]any{
				"question":          "What matters most in a rental home?",
				"options":           []any{map[string]any{"text": "Affordable rent"}, map[string]any{"text": "Energy label A"}, map[string]any{"text": "Transport"}},
				"settings":          map[string]any{"duration": "THREE_DAYS", "voteSelectionType": "SINGLE_VOTE", "isVoterVisibleToAuthor": true},
				"uniqueVotersCount": 42,
			}},
		}),
		// Posts API, "Reshare a Post": reshareContext {parent, root}, no commentary.
		post(author, RepostURN, "", t-4*day, t-4*day, t-4*day, map[string]any{
			"reshareContext": map[string]any{"parent": ResharedURN, "root": ResharedURN},
		}),
		// A repost of a post LinkedIn refuses to show (403 ACCESS_DENIED).
		post(author, RefusedRepost, "Worth a read.", t-6*day, t-6*day, t-6*day, map[string]any{
			"reshareContext": map[string]any{"parent": RefusedURN, "root": RefusedURN},
		}),
		// Posts API, "Create a Document Post": content.media {id: urn:li:document, title}.
		post(author, "urn:li:share:7100000000000000065", "Our ESG report.", t-7*day, t-7*day, t-7*day, map[string]any{
			"content": map[string]any{"media": map[string]any{"id": DocumentURN, "title": "ESG report 2023"}},
		}),
		// Posts API, "Create a MultiImage Post": content.multiImage.images[{id, altText}].
		post(author, "urn:li:share:7100000000000000066", "Topping-out at De Werf.", t-8*day, t-8*day, t-8*day, map[string]any{
			"content": map[string]any{"multiImage": map[string]any{"images": []any{
				map[string]any{"id": MultiImage1URN, "altText": "De Werf"},
				map[string]any{"id": MultiImage2URN, "altText": "The ceremony"},
			}}},
		}),
		// Posts API, "Create an Article Post": content.article {source,
		// thumbnail, thumbnailAltText, title, description}; no commentary.
		post(author, BareArticleURN, "", t-9*day, t-9*day, t-9*day, map[string]any{
			"content": map[string]any{"article": map[string]any{
				"source": "https://www.veldhaven.eu/insights/affordable-rent", "thumbnail": ThumbnailURN,
				"thumbnailAltText": "Rental homes", "title": "Why affordable rent is a sound investment", "description": "Our view.",
			}},
		}),
		// Posts API, Content types: a celebration, a kind the site renders
		// as unknown; no commentary.
		post(author, UnknownKindURN, "", t-10*day, t-10*day, t-10*day, map[string]any{
			"content": map[string]any{"celebration": map[string]any{"type": "WELCOME", "recipient": []any{}, "taggedEntities": []any{}}},
		}),
		// Text only, DRAFT and CONNECTIONS: never on the site.
		post(author, DraftURN, "Draft", t+3*day, t+3*day, t+3*day, map[string]any{"lifecycleState": "DRAFT"}),
		post(author, ConnectionsURN, "Connections only", t-11*day, t-11*day, t-11*day, map[string]any{"visibility": "CONNECTIONS"}),
		post(author, "urn:li:share:7100000000000000099", "Plain text post about {hashtag|\\#|Amsterdam}.", t-12*day, t-12*day, t-12*day, nil),
	}
}

// reshared is the post the repost fixture reposts, by another organization.
func reshared() map[string]any {
	return post(partnerOrgURN, ResharedURN, "A new study hall opens with the {hashtag|\\#|VeldhavenFoundation}.", fixtureBaseTime-5*day, fixtureBaseTime-5*day, fixtureBaseTime-5*day, map[string]any{
		"content": map[string]any{"media": map[string]any{"id": ResharedImage, "altText": "The study hall"}},
	})
}

// loadPost is the n-th generated text-and-image post of a load test.
func loadPost(author string, n int) map[string]any {
	at := int64(fixtureBaseTime) - int64(n+20)*3*day
	return post(author, fmt.Sprintf("urn:li:share:71000000000001%05d", n), fmt.Sprintf("Load-test post %d about {hashtag|\\#|Amsterdam}.", n), at, at, at, map[string]any{
		"content": map[string]any{"media": map[string]any{"id": fmt.Sprintf("urn:li:image:C4D22AQLoadTest%04d", n)}},
	})
}
