package apierror

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestWrite(t *testing.T) {
	w := httptest.NewRecorder()
	w.Header().Set("ETag", `"x"`)
	w.Header().Set("Last-Modified", "Mon, 10 Nov 2026 12:00:00 GMT")
	Write(w, http.StatusNotFound, `not "found"`)
	want := `{"status":404,"message":"not \"found\""}`
	if w.Code != 404 || w.Body.String() != want {
		t.Errorf("%d %s, want 404 %s", w.Code, w.Body, want)
	}
	for k, v := range map[string]string{"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "Content-Length": "40", "Etag": "", "Last-Modified": ""} {
		if got := w.Header().Get(k); got != v {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
}
