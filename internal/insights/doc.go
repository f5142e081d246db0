// Package insights serves the firm's "Latest insights" feed: the posts of its
// LinkedIn page and their media, refreshed in the background and kept on disk.
package insights
