package editor

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
)

// handshake is the page the sign-in popup ends on.
type handshake struct {
	// origin is the site's origin: the only window the result is posted to.
	origin string
	// title and message are what the page shows.
	title, message string
	// result is posted to the editor's window once it answers the
	// handshake: "authorization:github:success:{json}" or "...:error:{json}".
	result string
	// orphan, when set, replaces the message if the page has no opener
	// (opened by hand, or from a window that is gone).
	orphan string
}

// handshakeScript is Decap's popup protocol from the popup's side; both
// messages go to the site's origin only, never "*".
const handshakeScript = `(function () {
  var origin = %s, result = %s, orphan = %s;
  var status = document.getElementById("status");
  if (!window.opener) {
    if (orphan) status.textContent = orphan;
    return;
  }
  window.addEventListener("message", function reply(e) {
    if (e.origin !== origin || e.source !== window.opener || e.data !== "authorizing:github") return;
    window.removeEventListener("message", reply);
    window.opener.postMessage(result, origin);
  });
  window.opener.postMessage("authorizing:github", origin);
})();`

// handshakeStyle is the page's only style.
const handshakeStyle = `body{font:1rem/1.5 system-ui,sans-serif;margin:2rem;color:#1a1a1a}h1{font-size:1.25rem}`

var handshakePage = template.Must(template.New("handshake").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}}</title>
<style>{{.Style}}</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
<p id="status" role="status">{{.Message}}</p>
</main>
<script>{{.Script}}</script>
</body>
</html>
`))

var handshakeStyleHash = cspHash(handshakeStyle)

// cspHash is the CSP source expression allowing exactly this inline code.
func cspHash(code string) string {
	sum := sha256.Sum256([]byte(code))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// jsString is s as a JavaScript string literal that is safe inside a
// <script> element: encoding/json escapes <, >, &, U+2028 and U+2029.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// writeHandshake writes the page with a policy that allows its own inline
// script and style and nothing else.
func writeHandshake(w http.ResponseWriter, status int, p handshake) {
	script := fmtScript(p)
	var body bytes.Buffer
	err := handshakePage.Execute(&body, struct {
		Title, Message string
		Style          template.CSS
		Script         template.JS
	}{p.title, p.message, template.CSS(handshakeStyle), template.JS(script)})
	if err != nil {
		http.Error(w, "internal server error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(body.Len()))
	h.Set("Content-Security-Policy", "default-src 'none'; script-src "+cspHash(script)+"; style-src "+handshakeStyleHash+
		"; img-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	w.WriteHeader(status)
	_, _ = w.Write(body.Bytes())
}

func fmtScript(p handshake) string {
	return fmt.Sprintf(handshakeScript, jsString(p.origin), jsString(p.result), jsString(p.orphan))
}
