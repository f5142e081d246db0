// Package insights serves the firm's "Latest insights" feed: the posts of
// its LinkedIn page (or an embedded sample in LinkedIn's shape) and their
// media, refreshed in the background within a daily budget of LinkedIn calls,
// kept in a snapshot and a media store on disk, and, on a web replica, the
// last good copies of the feed owner's answers.
package insights
