package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestLinkedInAdminRoutes: /admin/linkedin and below go to the reconnect's
// handler (the owner's, or a replica's forward), with every method (it
// answers them itself); the editor's paths stay the editor's; without the
// handler they are the 404 page.
func TestLinkedInAdminRoutes(t *testing.T) {
	stub := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "linkedin "+r.Method+" "+r.URL.Path)
	})
	with := newTestHandler(t, func(c *Config) { c.Site = editorSite(t); c.LinkedInAdmin = stub })
	without := newTestHandler(t, func(c *Config) { c.Site = editorSite(t) })
	for _, tc := range []struct {
		method, path string
		want         string // the stub's answer; "" for not the stub
	}{
		{"GET", "/admin/linkedin", "linkedin GET /admin/linkedin"},
		{"GET", "/admin/linkedin/connect", "linkedin GET /admin/linkedin/connect"},
		{"GET", "/admin/linkedin/callback?code=c&state=s", "linkedin GET /admin/linkedin/callback"},
		{"POST", "/admin/linkedin/status", "linkedin POST /admin/linkedin/status"},
		{"GET", "/admin/linkedinx", ""},
		{"GET", "/admin/", ""},
		{"GET", "/admin/auth", ""},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			with.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
			if got := rec.Body.String(); (got == tc.want) != (tc.want != "") || (tc.want == "" && len(got) >= 8 && got[:8] == "linkedin") {
				t.Fatalf("with the handler: %d %.100q, want %q", rec.Code, got, tc.want)
			}
			if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Error("no security headers")
			}
			rec = httptest.NewRecorder()
			without.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
			if tc.want != "" && rec.Code != http.StatusNotFound && rec.Code != http.StatusMethodNotAllowed {
				t.Fatalf("without the handler: %d", rec.Code)
			}
		})
	}
}
