// Package fakelinkedin is a stand-in for LinkedIn's REST API built from its
// documented shapes (see fixtures.go for the pages): the posts of an
// organization, a post by URN, the Images and Videos APIs with their signed
// downloads, the OAuth token endpoint, LinkedIn's error bodies, and the
// LinkedIn-Version check, whose served window can be moved to retire a
// version. cmd/fakelinkedin serves it for load tests; the insights tests
// run the service against it. Never used by the site itself.
package fakelinkedin

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"log"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// BigVideoBytes is the size the fake announces for BigVideoURN: over any
// sensible media cap, so the site falls back to the video's thumbnail.
const BigVideoBytes = 512 << 20

// Behaviour is what the fake answers besides its fixtures; tests change it
// with Set while it serves.
type Behaviour struct {
	// Oldest and Latest bound the LinkedIn-Version values served (YYYYMM);
	// others are answered 426 NONEXISTENT_VERSION.
	Oldest, Latest string
	// MediaDelay holds every answer of the Images and Videos APIs, logging
	// "answering in" so a test knows a request to the site is in flight.
	MediaDelay time.Duration
	// RefuseSortBy answers sortBy 400, as a Posts API that does not know it.
	RefuseSortBy bool
	// FailToken refuses the refresh grant (invalid_request), as for a
	// revoked or expired refresh token.
	FailToken bool
	// Outage answers every API call 500; Throttled answers 429
	// TOO_MANY_REQUESTS, LinkedIn's answer past a daily limit (Rate limits).
	Outage, Throttled bool
	// OmitExpiry leaves expires_at out of introspection's answers.
	OmitExpiry bool
}

// Fake is a LinkedIn API, safe for concurrent use.
type Fake struct {
	base  string
	extra int // generated load-test posts

	mu sync.Mutex
	b  Behaviour
	// token is the valid access token ("" accepts any); refreshed is the
	// token the refresh grant hands out; tokenCheck500 answers a refused
	// token 500, as LinkedIn does when its check of a token fails.
	token, refreshed string
	tokenCheck500    bool
	// deleted and edited are posts deleted or edited upstream, by URN.
	deleted map[string]bool
	edited  map[string]string
	// published are posts added while the fake runs (Publish), newest last.
	published []map[string]any
	// The authorization code flow (oauth.go): the app, the codes handed
	// out, the member and scopes of each token, the refresh tokens' members.
	app       *oauthApp
	codes     map[string]*authCode
	issued    map[string]string
	scopes    map[string][]string
	refreshOf map[string]string
	lives     map[string]*tokenLife // the tokens introspection knows

	calls    map[string]int64 // requests by route
	versions []string         // the LinkedIn-Version of every API call
}

// New returns a fake whose signed download URLs point at base (its own
// address), serving versions oldest..latest and extra generated posts.
func New(base, oldest, latest string, extra int) *Fake {
	return &Fake{base: strings.TrimRight(base, "/"), b: Behaviour{Oldest: oldest, Latest: latest}, extra: extra,
		deleted: map[string]bool{}, edited: map[string]string{}, codes: map[string]*authCode{}, issued: map[string]string{},
		scopes: map[string][]string{}, refreshOf: map[string]string{}, lives: map[string]*tokenLife{}, calls: map[string]int64{}}
}

// Set changes the fake's behaviour.
func (f *Fake) Set(change func(*Behaviour)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change(&f.b)
}

// RequireToken makes token the only valid access token; the refresh grant
// (refresh_token=refresh-me) replaces it with refreshed. With
// failWith500, a refused token is answered 500 instead of 401.
func (f *Fake) RequireToken(token, refreshed string, failWith500 bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.token, f.refreshed, f.tokenCheck500 = token, refreshed, failWith500
	if token != "" {
		f.knowLocked(token, PastedTokenDays*24*time.Hour)
	}
}

// DeletePost deletes a post upstream: it leaves the organization's posts
// and GET /rest/posts/{urn} answers 404.
func (f *Fake) DeletePost(urn string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.deleted[urn] = true
}

// EditPost changes a post's commentary upstream, as its author's edit
// would: lastModifiedAt moves on and lifecycleStateInfo.isEditedByAuthor
// is true.
func (f *Fake) EditPost(urn, commentary string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.edited[urn] = commentary
}

// Publish adds a new single-image post (Posts API, "Create a Single Image
// Post"), published after every fixture, and returns its URN and its
// image's URN.
func (f *Fake) Publish() (postURN, imageURN string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := len(f.published) + 1
	at := int64(fixtureBaseTime) + int64(4+n)*day
	postURN = fmt.Sprintf("urn:li:share:71000000000009%05d", n)
	imageURN = fmt.Sprintf("urn:li:image:C4D22AQPublished%04d", n)
	f.published = append(f.published, post("", postURN, fmt.Sprintf("New post %d about {hashtag|\\#|Amsterdam}.", n), at, at, at, map[string]any{
		"content": map[string]any{"media": map[string]any{"id": imageURN, "altText": "New post image"}},
	}))
	return postURN, imageURN
}

// APICalls is how many API and token calls the fake has had (downloads
// from the media host are not API calls): what LinkedIn's daily limits
// count.
func (f *Fake) APICalls() int64 {
	var n int64
	for _, route := range []string{"posts", "post", "images", "videos", "acls", "token"} {
		n += f.Calls(route)
	}
	return n
}

// Calls is how many requests a route has had.
func (f *Fake) Calls(route string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[route]
}

// Versions is the LinkedIn-Version of every API call so far, in order.
func (f *Fake) Versions() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.versions...)
}

func (f *Fake) count(route string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls[route]++
}

// versionSyntax is LinkedIn's YYYYMM (optionally .RR) version header.
var versionSyntax = regexp.MustCompile(`^(20[0-9]{2}(?:0[1-9]|1[0-2]))(\.[0-9]{2})?$`)

// Handler serves the fake's routes.
func (f *Fake) Handler() http.Handler {
	img := jpegBytes()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok\n") })
	mux.HandleFunc("POST /oauth/v2/accessToken", f.serveToken)
	mux.HandleFunc("POST /oauth/v2/introspectToken", f.serveIntrospect)
	mux.HandleFunc("GET /oauth/v2/authorization", f.serveAuthorize)
	mux.HandleFunc("GET /oauth/v2/authorization/decide", f.serveDecide)
	mux.HandleFunc("GET /rest/posts", f.api("posts", f.servePosts))
	mux.HandleFunc("GET /rest/posts/{urn}", f.api("post", f.servePost))
	mux.HandleFunc("GET /rest/organizationAcls", f.api("acls", f.serveACLs))
	mux.HandleFunc("GET /rest/images/{urn}", f.api("images", f.serveMedia))
	mux.HandleFunc("GET /rest/videos/{urn}", f.api("videos", f.serveMedia))
	f.control(mux)
	mux.HandleFunc("GET /download/{name}", func(w http.ResponseWriter, r *http.Request) {
		f.count("download")
		name := r.PathValue("name")
		switch {
		case strings.HasPrefix(name, "urn_li_video_") && name == strings.ReplaceAll(BigVideoURN, ":", "_"):
			w.Header().Set("Content-Type", "video/mp4")
			w.Header().Set("Content-Length", strconv.Itoa(BigVideoBytes))
			_, _ = io.CopyN(w, zeros{}, BigVideoBytes) // stops when the client gives up
		case strings.HasPrefix(name, "urn_li_video_"):
			w.Header().Set("Content-Type", "video/mp4")
			_, _ = w.Write(mp4Bytes())
		default: // images and thumbnails
			w.Header().Set("Content-Type", "image/jpeg")
			_, _ = w.Write(img)
		}
	})
	return mux
}

// writeError answers LinkedIn's error body (API error handling): status,
// serviceErrorCode, code and message.
func writeError(w http.ResponseWriter, status, serviceCode int, code, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"status": status, "serviceErrorCode": serviceCode, "code": code, "message": message})
}

// api checks what every versioned REST call needs (LinkedIn versioning:
// LinkedIn-Version and X-Restli-Protocol-Version: 2.0.0; API error
// handling: a bearer token) before serve runs.
func (f *Fake) api(route string, serve http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f.count(route)
		version := r.Header.Get("LinkedIn-Version")
		f.mu.Lock()
		f.versions = append(f.versions, version)
		oldest, latest, token, fail500 := f.b.Oldest, f.b.Latest, f.token, f.tokenCheck500
		outage, throttled := f.b.Outage, f.b.Throttled
		f.mu.Unlock()
		switch {
		case outage:
			writeError(w, http.StatusInternalServerError, 0, "INTERNAL_SERVER_ERROR", "Internal Server Error")
			return
		case throttled:
			// Rate limits: 429 past the day's limit, until midnight UTC.
			writeError(w, http.StatusTooManyRequests, 0, "TOO_MANY_REQUESTS", "Resource level throttle limit for calls to this resource is reached.")
			return
		}
		m := versionSyntax.FindStringSubmatch(version)
		switch {
		case version == "":
			writeError(w, http.StatusBadRequest, 0, "VERSION_MISSING", "A version must be present. Please specify a version by adding the LinkedIn-Version header.")
			return
		case m == nil, m[1] < oldest, latest != "" && m[1] > latest:
			writeError(w, http.StatusUpgradeRequired, 0, "NONEXISTENT_VERSION", "Requested version "+version+" is not active")
			return
		case r.Header.Get("X-Restli-Protocol-Version") != "2.0.0":
			writeError(w, http.StatusBadRequest, 0, "INVALID_PROTOCOL_VERSION", "X-Restli-Protocol-Version 2.0.0 is required")
			return
		}
		auth := r.Header.Get("Authorization")
		switch member := f.memberOf(auth); {
		case member == MemberPageAdmin || member == MemberAdPoster || (member != "" && route == "acls"):
			w.Header().Set("X-RestLi-Protocol-Version", "2.0.0")
			serve(w, r)
			return
		case member != "":
			writeError(w, http.StatusForbidden, 100, accessTokenNotAdmin, accessDeniedForPosts)
			return
		}
		if !strings.HasPrefix(auth, "Bearer ") || auth == "Bearer " || (token != "" && auth != "Bearer "+token) {
			if fail500 {
				writeError(w, http.StatusInternalServerError, 0, "INTERNAL_SERVER_ERROR", "Internal Server Error")
				return
			}
			writeError(w, http.StatusUnauthorized, 65601, "EXPIRED_ACCESS_TOKEN", "The token used in the request has expired")
			return
		}
		w.Header().Set("X-RestLi-Protocol-Version", "2.0.0")
		serve(w, r)
	}
}

// servePosts answers GET /rest/posts?q=author&author=…&count=…&sortBy=…
// (Posts API, "Find Posts by Authors"): elements and paging.
func (f *Fake) servePosts(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	author := q.Get("author")
	if q.Get("q") != "author" || !strings.HasPrefix(author, "urn:li:organization:") {
		writeError(w, http.StatusBadRequest, 0, "ILLEGAL_ARGUMENT", "q=author and an author URN are required")
		return
	}
	f.mu.Lock()
	deleted, refuseSortBy := f.deleted, f.b.RefuseSortBy
	var posts []map[string]any
	for _, p := range Posts(author) {
		id := p["id"].(string)
		if commentary, ok := f.edited[id]; ok {
			p["commentary"] = commentary
			p["lastModifiedAt"] = p["lastModifiedAt"].(int64) + day
			p["lifecycleStateInfo"] = map[string]any{"isEditedByAuthor": true}
		}
		if !deleted[id] {
			posts = append(posts, p)
		}
	}
	for _, p := range f.published {
		if !deleted[p["id"].(string)] {
			q := maps.Clone(p)
			q["author"] = author
			posts = append(posts, q)
		}
	}
	f.mu.Unlock()
	for i := range f.extra {
		posts = append(posts, loadPost(author, i))
	}
	if refuseSortBy && q.Has("sortBy") {
		writeError(w, http.StatusBadRequest, 0, "ILLEGAL_ARGUMENT", "Unknown parameter sortBy")
		return
	}
	// sortBy is LAST_MODIFIED (the default) or CREATED, newest first.
	field := "lastModifiedAt"
	switch q.Get("sortBy") {
	case "", "LAST_MODIFIED":
	case "CREATED":
		field = "createdAt"
	default:
		writeError(w, http.StatusBadRequest, 0, "ILLEGAL_ARGUMENT", "sortBy must be LAST_MODIFIED or CREATED")
		return
	}
	sort.SliceStable(posts, func(i, j int) bool { return posts[i][field].(int64) > posts[j][field].(int64) })
	count := len(posts)
	if n, err := strconv.Atoi(q.Get("count")); err == nil && n >= 0 && n < count {
		count = n
	}
	writeJSON(w, map[string]any{
		"paging":   map[string]any{"start": 0, "count": count, "links": []any{}, "total": len(posts)},
		"elements": posts[:count],
	})
}

// servePost answers GET /rest/posts/{urn} (Posts API, "Get Posts by URN"):
// the reposted fixture, 403 ACCESS_DENIED for RefusedURN, else 404.
func (f *Fake) servePost(w http.ResponseWriter, r *http.Request) {
	urn := r.PathValue("urn")
	f.mu.Lock()
	gone := f.deleted[urn]
	f.mu.Unlock()
	if gone {
		// Posts API, "Delete Posts": a deleted post is not found.
		writeError(w, http.StatusNotFound, 0, "NOT_FOUND", "Post not found")
		return
	}
	switch urn {
	case ResharedURN:
		writeJSON(w, reshared())
	case RefusedURN:
		writeError(w, http.StatusForbidden, 100, "ACCESS_DENIED", "Not enough permissions to access: posts.GET.20260101")
	default:
		for _, p := range Posts("urn:li:organization:1") {
			if p["id"] == urn {
				writeJSON(w, p)
				return
			}
		}
		writeError(w, http.StatusNotFound, 0, "NOT_FOUND", "Post not found")
	}
}

// serveMedia answers GET /rest/images/{urn} (Images API: id, owner, status,
// downloadUrl, downloadUrlExpiresAt) and GET /rest/videos/{urn} (Videos API:
// the same plus duration, aspectRatioWidth, aspectRatioHeight and
// thumbnail, an image URL).
func (f *Fake) serveMedia(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	delay := f.b.MediaDelay
	f.mu.Unlock()
	if delay > 0 {
		log.Printf("fakelinkedin: %s %s: answering in %v", r.Method, r.URL.Path, delay)
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	urn := r.PathValue("urn")
	video := strings.HasPrefix(urn, "urn:li:video:")
	if !strings.HasPrefix(urn, "urn:li:image:") && !video {
		writeError(w, http.StatusBadRequest, 0, "INVALID_URN", "Invalid URN")
		return
	}
	expires := time.Now().Add(time.Hour).UnixMilli()
	resp := map[string]any{
		"id":                   urn,
		"owner":                "urn:li:organization:1",
		"status":               "AVAILABLE",
		"downloadUrl":          f.base + "/download/" + url.PathEscape(strings.ReplaceAll(urn, ":", "_")) + "?e=" + strconv.FormatInt(expires/1000, 10) + "&v=beta&t=fake-signature",
		"downloadUrlExpiresAt": expires,
	}
	if video {
		resp["duration"] = 4000
		resp["aspectRatioWidth"] = 16
		resp["aspectRatioHeight"] = 9
		resp["thumbnail"] = f.base + "/download/thumbnail_" + url.PathEscape(strings.ReplaceAll(urn, ":", "_")) + "?v=beta&t=fake-signature"
	}
	writeJSON(w, resp)
}

// serveToken answers the refresh grant of LinkedIn's OAuth 2.0 token
// endpoint: access_token, expires_in, refresh_token, refresh_token_expires_in.
func (f *Fake) serveToken(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err == nil && r.PostForm.Get("grant_type") == "authorization_code" {
		f.serveCodeGrant(w, r)
		return
	}
	f.count("token")
	refresh := r.PostForm.Get("refresh_token")
	f.mu.Lock()
	defer f.mu.Unlock()
	member := f.refreshOf[refresh]
	switch {
	case r.PostForm == nil || f.b.FailToken || r.PostForm.Get("grant_type") != "refresh_token" || member == "" && refresh != "refresh-me":
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "A required parameter is missing or invalid")
		return
	case member != "":
		// A refresh token the exchange handed out: a new access token of
		// the same member and scopes; the refresh token keeps its lifetime.
		writeJSON(w, map[string]any{"access_token": f.issueLocked(member, strings.Join(f.scopes[refresh], " ")), "expires_in": accessTokenSeconds, "refresh_token": refresh, "refresh_token_expires_in": refreshTokenSeconds})
		return
	}
	f.token = cmp.Or(f.refreshed, f.token)
	writeJSON(w, map[string]any{"access_token": cmp.Or(f.token, "fake-access-token"), "expires_in": accessTokenSeconds, "refresh_token": "refresh-me", "refresh_token_expires_in": refreshTokenSeconds})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// zeros reads as endless zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// jpegBytes is a small valid JPEG.
func jpegBytes() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 36))
	for y := range 36 {
		for x := range 64 {
			img.Set(x, y, color.RGBA{15, 42, uint8(61 + y), 255})
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 70})
	return b.Bytes()
}

// mp4Bytes is the start of an MP4 file (an ftyp box and an empty mdat):
// enough for a content-type check, not a playable film.
func mp4Bytes() []byte {
	var b bytes.Buffer
	b.Write([]byte{0, 0, 0, 0x18})
	b.WriteString("ftypisom")
	b.Write([]byte{0, 0, 2, 0})
	b.WriteString("isommp41")
	b.Write([]byte{0, 0, 0x04, 0x08})
	b.WriteString("mdat")
	b.Write(make([]byte, 0x400))
	return b.Bytes()
}

// String describes the fake for logs.
func (f *Fake) String() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fmt.Sprintf("fake LinkedIn at %s serving LinkedIn-Version %s..%s", f.base, f.b.Oldest, f.b.Latest)
}
