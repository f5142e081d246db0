// Package editor is the server side of the site editor (Decap CMS) at
// /admin/: the backend part of its configuration, chosen when the server
// starts (the local backend for `make edit`, or GitHub with the editorial
// workflow), merged into the configuration the web build generates from the
// content schemas; and the GitHub OAuth handshake Decap's GitHub backend
// needs (/admin/auth and /admin/callback).
//
// internal/server serves the editor's page and routes /admin/* here; this
// package knows nothing of the rest of the site.
package editor
