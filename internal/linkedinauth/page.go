package linkedinauth

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/insights"
	"github.com/veldhaven/site/internal/sealedtoken"
)

// pageStyle is the page's only style, allowed by its hash: the site's
// navy and sand, its system type, nothing loaded from elsewhere.
const pageStyle = `:root{color-scheme:light;--ink:#14213d;--muted:#4a5568;--line:#d9d4c7;--paper:#fbf8f1;--accent:#0f2a44;--bad:#8a1c1c;--good:#1d5c2e}
*{box-sizing:border-box}body{margin:0;background:var(--paper);color:var(--ink);font:1rem/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
header,main{max-width:44rem;margin:0 auto;padding:1.25rem}header{border-bottom:1px solid var(--line)}
header a{color:var(--accent);font-weight:600;text-decoration:none}h1{font-size:1.6rem;margin:.5rem 0 1rem}
a{color:var(--accent)}dl{display:grid;grid-template-columns:minmax(8rem,auto) minmax(0,1fr);gap:.5rem 1rem;margin:0 0 1.5rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr);gap:0}dd{margin:0 0 .75rem}}
.note{border-left:4px solid var(--accent);background:#fff;padding:.75rem 1rem;margin:0 0 1.5rem}
.note.bad{border-color:var(--bad)}.note.good{border-color:var(--good)}.bad-text{color:var(--bad)}
.button{display:inline-block;background:var(--accent);color:#fff;padding:.7rem 1.2rem;border-radius:.25rem;font-weight:600;text-decoration:none}
.button:focus-visible,a:focus-visible{outline:3px solid #c58a00;outline-offset:2px}p.help{color:var(--muted)}`

var styleHash = func() string {
	sum := sha256.Sum256([]byte(pageStyle))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// pagePolicy allows the page's own style and nothing else: no script at all.
var pagePolicy = "default-src 'none'; style-src " + styleHash + "; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

var page = template.Must(template.New("linkedin").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
{{with .IconURL}}<link rel="icon" href="{{.}}">
{{end}}<title>LinkedIn connection · Veldhaven Capital Partners</title>
<style>{{.Style}}</style>
</head>
<body>
<header><a href="/admin/">Back to the editor</a></header>
<main>
<h1>LinkedIn connection</h1>
{{with .Result}}<div class="note{{if .Good}} good{{else}} bad{{end}}" role="{{if .Good}}status{{else}}alert{{end}}" id="result">
<h2>{{.Title}}</h2>
<p>{{.Text}}</p>
</div>{{end}}
<dl id="connection">
<dt>Connection</dt><dd{{if not .Works}} class="bad-text"{{end}}>{{.State}}</dd>
<dt>Page</dt><dd>{{if .PageURL}}<a href="{{.PageURL}}">{{.Page}}</a>{{else}}{{.Page}}{{end}}</dd>
<dt>Connection expires</dt><dd{{if .ExpiresSoon}} class="bad-text"{{end}}>{{.Expires}}</dd>
<dt>Last refreshed</dt><dd>{{.LastRefresh}}</dd>
</dl>
<h2>Reconnect</h2>
{{if .CanReconnect}}<p><a class="button" href="/admin/linkedin/connect">Reconnect LinkedIn</a></p>
<p class="help">You sign in to LinkedIn as an admin of the firm's page and allow the site to read its posts. The new connection is kept only if it can read the page; otherwise nothing changes and the feed keeps its current one. LinkedIn's connections last 60 days: reconnect before the date above.</p>
{{else}}<p>{{.Unavailable}}</p>{{end}}
</main>
</body>
</html>
`))

// result is the outcome of a flow shown above the connection.
type result struct {
	Good        bool
	Title, Text string
}

// view is the page's data.
type view struct {
	Style                                      template.CSS
	IconURL                                    string
	Result                                     *result
	Works                                      bool
	State, Page, PageURL, Expires, LastRefresh string
	// ExpiresSoon: the connection has expired or expires within the
	// attention window; the date is shown as a warning.
	ExpiresSoon  bool
	CanReconnect bool
	Unavailable  string
}

// when is t in the page's words: a UTC time.
func when(t time.Time) string {
	return t.UTC().Format("2 January 2006, 15:04 UTC")
}

// problemWords says a refresh's failure kind in plain words.
func problemWords(kind string) string {
	switch kind {
	case "unauthorized":
		return "LinkedIn refuses the feed's connection: it has expired or was withdrawn. Reconnect LinkedIn below."
	case "forbidden":
		return "LinkedIn no longer lets the feed's connection read the page: the member who connected it may no longer be a page admin. A page admin should reconnect below."
	case "rate_limited", "budget_spent":
		return "The feed has used today's LinkedIn calls; it refreshes again after midnight UTC by itself."
	case "version_retired":
		return "LinkedIn retired the version of its API this site uses: the site's owner must install an update."
	case "timeout", "unreachable", "server_error":
		return "LinkedIn did not answer the last refresh; the feed tries again by itself."
	}
	return "The last refresh failed (" + kind + "); the feed tries again by itself."
}

// attentionWindow: a token expiring within it is flagged to the editor.
const attentionWindow = 14 * 24 * time.Hour

// describe turns a connection into the page's words.
func describe(c insights.Connection, now time.Time) view {
	v := view{Style: template.CSS(pageStyle), Works: true}
	if !c.LinkedIn {
		v.State = "Not set up: the feed shows sample posts, not the firm's LinkedIn page."
		v.Page, v.Expires, v.LastRefresh = "none", "no token", "not applicable"
		v.Unavailable = "Reconnecting needs the site to read LinkedIn first: ask the site's owner. (For the owner: set LINKEDIN_ORGANIZATION_URN and a first token; docs/deploy.md, LinkedIn credentials.)"
		return v
	}
	switch {
	case c.Problem != "":
		v.Works, v.State = false, "Not working. "+problemWords(c.Problem)
	case !c.Refreshed && c.LastRefresh.IsZero():
		v.State = "Not checked yet: the feed has not asked LinkedIn since the site started."
	case !c.Refreshed:
		v.State = "Not checked yet since the site started; the posts shown were read on " + when(c.LastRefresh) + "."
	default:
		v.State = "Working: the feed reads the page."
	}
	v.Page = c.Organization
	if id, ok := strings.CutPrefix(c.Organization, "urn:li:organization:"); ok {
		v.Page = "LinkedIn page " + id + " (" + c.Organization + ")"
		v.PageURL = "https://www.linkedin.com/company/" + id + "/"
	}
	switch {
	case c.ClientID == "":
		v.Unavailable = "Reconnecting is not set up on this site yet: ask the site's owner. (For the owner: set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET; docs/deploy.md, LinkedIn credentials.)"
	case !c.CanStore:
		v.Unavailable = "Reconnecting is not set up on this site yet: ask the site's owner. (For the owner: set " + sealedtoken.EnvKey + " and a data folder, so that a new connection is kept safely; docs/deploy.md, LinkedIn credentials.)"
	default:
		v.CanReconnect = true
	}
	switch left := c.ExpiresAt.Sub(now); {
	case c.ExpiresAt.IsZero():
		v.Expires = "Unknown: the site's owner set this connection up by hand."
		if v.CanReconnect {
			v.Expires += " Reconnect once and the date shows here."
		}
	case left <= 0:
		v.Works, v.ExpiresSoon = false, true
		v.Expires = "Expired on " + when(c.ExpiresAt) + ": the posts no longer update. Reconnect LinkedIn below."
	default:
		days := int(left.Hours() / 24)
		v.Expires = when(c.ExpiresAt) + " (in " + plural(days, "day") + ")."
		if left < attentionWindow {
			v.ExpiresSoon = true
			v.Expires += " Reconnect before then, or the posts stop updating."
		}
	}
	if c.LastRefresh.IsZero() {
		v.LastRefresh = "Never: the feed has no posts from LinkedIn yet."
	} else {
		v.LastRefresh = when(c.LastRefresh) + "."
	}
	return v
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// writePage answers the page with status and the page's own policy.
func (h *Handler) writePage(w http.ResponseWriter, r *http.Request, status int, v view) {
	v.IconURL = h.cfg.IconURL
	var body bytes.Buffer
	if err := page.Execute(&body, v); err != nil {
		http.Error(w, "internal server error", http.StatusInternalServerError)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Content-Length", strconv.Itoa(body.Len()))
	hdr.Set("Content-Security-Policy", pagePolicy)
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body.Bytes())
	}
}

// statusJSON is GET /admin/linkedin/status: what the editor's notice and
// a scheduled check read. Anyone can ask, so it says whether to act, never
// when the connection expires, when it last read the page or which page.
type statusJSON struct {
	LinkedIn bool   `json:"linkedIn"`
	Works    bool   `json:"works"`
	Message  string `json:"message"`
	// Attention: the connection fails, or expires within 14 days.
	Attention bool `json:"attention"`
	// FeedStale: the feed's last good read of LinkedIn is older than the
	// feed serves as fresh.
	FeedStale bool `json:"feedStale"`
	// ExpiryKnown: the token's expiry is known, so attention comes before it
	// lapses; the date itself stays on the page.
	ExpiryKnown bool   `json:"expiryKnown"`
	URL         string `json:"url"`
}

func statusOf(c insights.Connection, now time.Time) statusJSON {
	v := describe(c, now)
	s := statusJSON{LinkedIn: c.LinkedIn, Works: v.Works, FeedStale: c.Stale, ExpiryKnown: c.LinkedIn && !c.ExpiresAt.IsZero(), URL: PagePath}
	expiring := !c.ExpiresAt.IsZero() && c.ExpiresAt.Sub(now) < attentionWindow
	s.Attention = c.LinkedIn && (!v.Works || expiring)
	switch {
	case !c.LinkedIn:
		s.Message = v.State
	case c.Problem != "":
		s.Message = "The LinkedIn feed is not working: " + problemWords(c.Problem)
	case !v.Works:
		s.Message = "The LinkedIn connection has expired: a page admin should reconnect it."
	case expiring:
		s.Message = "The LinkedIn connection expires within 14 days: a page admin should reconnect it."
	case !c.Refreshed:
		s.Message = "Not checked yet: the feed has not asked LinkedIn since the site started."
	default:
		s.Message = "Working: the feed reads the page."
	}
	return s
}
