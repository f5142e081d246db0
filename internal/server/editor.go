package server

import (
	"net/http"

	"github.com/veldhaven/site/internal/respond"
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

// editorRoutes registers /admin and below, none of it for search engines.
func editorRoutes(mux *http.ServeMux, static *staticHandler, e Editor) {
	handle := func(pattern string, h http.HandlerFunc) {
		mux.Handle(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header()["X-Robots-Tag"] = robotsNoindex
			h(w, r)
		}))
	}
	notFound := func(w http.ResponseWriter, r *http.Request) {
		static.serveFile(w, r, static.site.notFound, http.StatusNotFound)
	}
	page := static.site.editor
	if page == nil {
		handle("GET /admin", notFound)
		handle("GET /admin/{$}", notFound)
	} else {
		toPage := func(w http.ResponseWriter, r *http.Request) { redirect(w, r, "/admin/") }
		handle("GET /admin", toPage)
		handle("GET /admin/index.html", toPage)
		handle("GET /admin/{$}", func(w http.ResponseWriter, r *http.Request) {
			// The editor opens GitHub's sign-in in a popup and needs to hear
			// back from it: same-origin would sever the popup from it.
			w.Header()["Cross-Origin-Opener-Policy"] = coopAllowPopups
			static.serveFile(w, r, page, http.StatusOK)
		})
	}
	if e.ConfigYAML != nil {
		config := generatedFile("admin/config.yml", e.ConfigYAML)
		handle("GET /admin/config.yml", func(w http.ResponseWriter, r *http.Request) { static.serveFile(w, r, config, http.StatusOK) })
	} else {
		handle("GET /admin/config.yml", func(w http.ResponseWriter, r *http.Request) {
			respond.Error(w, http.StatusNotFound, "the editor is not configured on this server")
		})
	}
	signIn := notFound
	if e.SignIn != nil {
		signIn = e.SignIn.ServeHTTP
	}
	handle("GET /admin/auth", signIn)
	handle("GET /admin/callback", signIn)
	// The editor's own assets, if the build puts any here, and 404s.
	handle("/admin/", static.ServeHTTP)
	handle("/admin", methodNotAllowed)
}

var (
	robotsNoindex   = []string{"noindex"}
	coopAllowPopups = []string{"same-origin-allow-popups"}
)
