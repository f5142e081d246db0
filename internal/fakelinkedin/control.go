package fakelinkedin

import (
	"net/http"
	"strconv"
	"strings"
)

// control mounts the fake's own routes under /_fake/, for tests that run it
// as a process: they change its Behaviour and read the calls counted.
func (f *Fake) control(mux *http.ServeMux) {
	toggle := func(field func(*Behaviour) *bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			on, err := strconv.ParseBool(r.URL.Query().Get("on"))
			if err != nil {
				http.Error(w, "on=true or on=false", http.StatusBadRequest)
				return
			}
			f.Set(func(b *Behaviour) { *field(b) = on })
			writeJSON(w, map[string]bool{"on": on})
		}
	}
	mux.HandleFunc("POST /_fake/outage", toggle(func(b *Behaviour) *bool { return &b.Outage }))
	mux.HandleFunc("POST /_fake/throttle", toggle(func(b *Behaviour) *bool { return &b.Throttled }))
	mux.HandleFunc("POST /_fake/refuse-sort-by", toggle(func(b *Behaviour) *bool { return &b.RefuseSortBy }))
	mux.HandleFunc("POST /_fake/fail-token", toggle(func(b *Behaviour) *bool { return &b.FailToken }))
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
