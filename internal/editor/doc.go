// Package editor is the server side of the Decap CMS editor at /admin/: the
// backend part of its configuration, and the GitHub sign-in it needs.
package editor
