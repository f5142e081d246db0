package fakelinkedin

import (
	"net/http"
	"strconv"
	"strings"
)

// control mounts the fake's own control routes under /_fake/, for tests
// that run the fake as a process (cmd/fakelinkedin, the image test): they
// change what LinkedIn answers while the site runs, and read the calls
// counted. Not LinkedIn's: nothing of the site ever calls them.
//
//	POST /_fake/outage?on=true|false          every API call answers 500
//	POST /_fake/throttle?on=true|false        every API call answers 429 TOO_MANY_REQUESTS
//	POST /_fake/refuse-sort-by?on=true|false  the posts finder refuses sortBy (400)
//	POST /_fake/fail-token?on=true|false      the token endpoint refuses the refresh grant
//	POST /_fake/publish                       a new image post: {"post": urn, "image": urn}
//	POST /_fake/delete?urn=urn:li:share:…     the post is deleted upstream
//	POST /_fake/require-token?token=…         the only valid access token besides those the
//	                                          exchange hands out ("" accepts any)
//	POST /_fake/expire-codes                  every authorization code handed out expires
//	GET  /_fake/calls                         calls by route and "api", their sum
func (f *Fake) control(mux *http.ServeMux) {
	toggle := func(set func(bool)) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			on, err := strconv.ParseBool(r.URL.Query().Get("on"))
			if err != nil {
				http.Error(w, "on=true or on=false", http.StatusBadRequest)
				return
			}
			set(on)
			writeJSON(w, map[string]bool{"on": on})
		}
	}
	mux.HandleFunc("POST /_fake/outage", toggle(f.Outage))
	mux.HandleFunc("POST /_fake/throttle", toggle(f.Throttle))
	mux.HandleFunc("POST /_fake/refuse-sort-by", toggle(f.RefuseSortBy))
	mux.HandleFunc("POST /_fake/fail-token", toggle(f.FailToken))
	mux.HandleFunc("POST /_fake/publish", func(w http.ResponseWriter, r *http.Request) {
		post, img := f.Publish()
		writeJSON(w, map[string]string{"post": post, "image": img})
	})
	mux.HandleFunc("POST /_fake/delete", func(w http.ResponseWriter, r *http.Request) {
		urn := r.URL.Query().Get("urn")
		if !strings.HasPrefix(urn, "urn:li:share:") && !strings.HasPrefix(urn, "urn:li:ugcPost:") {
			http.Error(w, "urn=urn:li:share:… or urn:li:ugcPost:…", http.StatusBadRequest)
			return
		}
		f.DeletePost(urn)
		writeJSON(w, map[string]string{"deleted": urn})
	})
	mux.HandleFunc("POST /_fake/require-token", func(w http.ResponseWriter, r *http.Request) {
		token := r.URL.Query().Get("token")
		f.RequireToken(token, "", false)
		writeJSON(w, map[string]string{"token": token})
	})
	mux.HandleFunc("POST /_fake/expire-codes", func(w http.ResponseWriter, r *http.Request) {
		f.ExpireCodes()
		writeJSON(w, map[string]bool{"expired": true})
	})
	mux.HandleFunc("GET /_fake/calls", func(w http.ResponseWriter, r *http.Request) {
		calls := map[string]int64{"api": f.APICalls()}
		for _, route := range []string{"posts", "post", "images", "videos", "token", "download", "authorize", "exchange"} {
			calls[route] = f.Calls(route)
		}
		writeJSON(w, calls)
	})
}
