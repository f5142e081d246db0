// Package insights serves the firm's "Latest insights" feed: the posts of the
// firm's LinkedIn organization page and the media they show.
//
// Two sources stand behind the feed. When an access token and an organization
// URN are configured, posts come from LinkedIn's versioned REST API; otherwise
// an embedded sample feed in exactly LinkedIn's response shape is served, so
// the site works offline and in tests with no configuration.
//
// The feed is refreshed in the background, on a timer with jitter, never
// inside a visitor's request: visitors get the feed held (from upstream, the
// snapshot or the sample), marked stale while refreshes fail, or an error
// while there has never been one. Every LinkedIn API call is counted against
// a daily budget (per UTC day, kept on disk), which also sets the shortest
// refresh interval; past it no call is made until midnight UTC. The last
// good feed is written atomically to a snapshot file, so that a restart
// serves it at once, also during an outage.
//
// Media URLs handed to browsers point to the site itself: the service fetches
// each image or video from LinkedIn's signed download URL once, keeps it in a
// bounded cache (serving only files it wrote, and only for items the current
// feed lists), and serves it with Range support. Browsers are never sent to
// a third party, and the access token never leaves the server.
package insights
