// Package apierror writes the JSON APIs' error answer, never cached.
package apierror

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// Write answers status with msg, a fixed text, never request or upstream
// data; validators of a success answer are dropped.
func Write(w http.ResponseWriter, status int, msg string) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Del("Etag")
	h.Del("Last-Modified")
	body, _ := json.Marshal(struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	}{status, msg})
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
