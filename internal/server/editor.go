package server

import (
	"net/http"
	"strings"

	"github.com/veldhaven/site/internal/apierror"
)

// Editor is the server side of the site editor (internal/editor builds its
// parts). The editor's page comes from the build (admin/index.html).
type Editor struct {
	// ConfigYAML is served as /admin/config.yml; nil (no backend
	// configured) answers 404 with a JSON error.
	ConfigYAML []byte
	// SignIn answers /admin/auth and /admin/callback; nil leaves both to
	// the 404 page.
	SignIn http.Handler
	// ConnectSources are the origins the editor's page may connect to
	// besides its own (its backend).
	ConnectSources []string
}

// Paths of the editor.
const (
	editorPrefix   = "/admin"
	editorPath     = "/admin/"
	editorConfig   = "/admin/config.yml"
	editorAuth     = "/admin/auth"
	editorCallback = "/admin/callback"
)

func isEditorPath(p string) bool {
	return p == editorPrefix || strings.HasPrefix(p, editorPath)
}

var (
	robotsNoindex = []string{"noindex"}
	// The editor opens GitHub's sign-in in a popup and needs to hear back
	// from it: same-origin would sever the popup from it.
	coopAllowPopups = []string{"same-origin-allow-popups"}
)

// editorHandler answers /admin and everything under it. None of it is for
// search engines; /admin/ is the one path of the site with a trailing slash
// (the editor's page resolves its relative URLs, config.yml first, against it).
type editorHandler struct {
	static *staticHandler
	page   *file // nil when the build has no editor
	config *file // nil when no backend is configured
	signIn http.Handler
}

func newEditorHandler(static *staticHandler, page *file, e Editor) *editorHandler {
	h := &editorHandler{static: static, page: page, signIn: e.SignIn}
	if e.ConfigYAML != nil {
		h.config = generatedFile("admin/config.yml", e.ConfigYAML)
	}
	return h
}

func (h *editorHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header()["X-Robots-Tag"] = robotsNoindex
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch r.URL.Path {
	case editorPrefix, editorPath + "index.html":
		if h.page == nil {
			h.static.serveNotFound(w, r)
			return
		}
		redirect(w, r, editorPath)
	case editorPath:
		if h.page == nil {
			h.static.serveNotFound(w, r)
			return
		}
		w.Header()["Cross-Origin-Opener-Policy"] = coopAllowPopups
		h.static.serveFile(w, r, h.page, http.StatusOK)
	case editorConfig:
		if h.config == nil {
			apierror.Write(w, http.StatusNotFound, "the editor is not configured on this server")
			return
		}
		h.static.serveFile(w, r, h.config, http.StatusOK)
	case editorAuth, editorCallback:
		if h.signIn == nil {
			h.static.serveNotFound(w, r)
			return
		}
		h.signIn.ServeHTTP(w, r)
	default:
		// The editor's own assets, if the build puts any here, and 404s.
		h.static.ServeHTTP(w, r)
	}
}
