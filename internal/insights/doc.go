// Package insights serves the firm's "Latest insights" feed: the posts of the
// firm's LinkedIn organization page and the media they show.
//
// Two sources stand behind the feed. When an access token and an organization
// URN are configured, posts come from LinkedIn's versioned REST API; otherwise
// an embedded sample feed in exactly LinkedIn's response shape is served, so
// the site works offline and in tests with no configuration.
//
// A cache sits in front of the source: answers are fresh for a TTL,
// concurrent misses collapse into one upstream call, and when LinkedIn fails
// the last good feed is served (marked stale) while retries back off. The
// last good feed is written atomically to a snapshot file so that a restart
// during an outage still shows posts.
//
// Media URLs handed to browsers point to the site itself: the service fetches
// each image or video from LinkedIn's signed download URL once, keeps it in a
// bounded cache, and serves it with Range support. Browsers are never sent to
// a third party, and the access token never leaves the server.
package insights
