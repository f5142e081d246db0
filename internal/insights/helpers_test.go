package insights

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/veldhaven/site/internal/feedsample"
	"github.com/veldhaven/site/internal/linkedin"
)

// Test constants: a short upstream timeout keeps the fault matrix fast.
const (
	testToken    = "AQX-secret-access-token-do-not-leak"
	testNewToken = "AQX-refreshed-token-do-not-leak"
	testOrg      = "urn:li:organization:10482193"
	testTimeout  = time.Second
	testTTL      = time.Minute
	// testDailyCalls is a budget large enough for the refresh interval to
	// be testTTL (RefreshInterval), for the tests not about the budget.
	testDailyCalls = 10000
	testImageURN   = "urn:li:image:C4D22AQFx4nG7Gm1bVQ"
	testVideoURN   = "urn:li:video:D4D05AQH9kLmN2pQrSt"
	testThumbURN   = "urn:li:image:C4D12AQThumbnail0001"
	testNoFeedURN  = "urn:li:image:C4D22AQNotInTheFeed01"
)

// fakeClock is a settable clock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// manualTimer drives the refresher by hand (afterFunc): each wait the
// refresher asks for, once it has concluded a refresh, is sent on asked, and
// fire ends it.
type manualTimer struct {
	asked chan time.Duration

	mu      sync.Mutex
	pending chan time.Time
}

func newManualTimer() *manualTimer {
	return &manualTimer{asked: make(chan time.Duration, 16)}
}

func (m *manualTimer) after(d time.Duration) (<-chan time.Time, func() bool) {
	ch := make(chan time.Time, 1)
	m.mu.Lock()
	m.pending = ch
	m.mu.Unlock()
	m.asked <- d
	return ch, func() bool { return true }
}

// next waits until the refresher asks for its next wait, and returns it.
func (m *manualTimer) next(t *testing.T) time.Duration {
	t.Helper()
	select {
	case d := <-m.asked:
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("the refresher asked for no wait in 10s")
	}
	return 0
}

// fire ends the wait asked for last.
func (m *manualTimer) fire() {
	m.mu.Lock()
	ch := m.pending
	m.mu.Unlock()
	ch <- time.Time{}
}

// refresher is a manual timer with the clock it advances.
type refresher struct {
	t     *testing.T
	timer *manualTimer
	clock *fakeClock
	wait  time.Duration // the wait asked for last
}

// step lets the wait asked for pass (on the clock too), and returns once
// the refresh it ends has concluded (the next wait is asked for).
func (r *refresher) step() time.Duration {
	r.t.Helper()
	r.clock.advance(r.wait)
	r.timer.fire()
	r.wait = r.timer.next(r.t)
	return r.wait
}

// fault is how the fake LinkedIn answers the posts endpoint.
type fault string

const (
	faultNone      fault = ""
	faultHang      fault = "hang"
	fault401       fault = "401"
	fault403       fault = "403"
	fault429       fault = "429"
	fault500       fault = "500"
	fault426       fault = "426"
	faultMalformed fault = "malformed"
	faultOversize  fault = "oversize"
)

// fakeLinkedIn is an in-memory LinkedIn: /rest/posts, /rest/images/{urn},
// /rest/videos/{urn}, the OAuth token endpoint and a download host (/dl/).
// It records what it was asked.
type fakeLinkedIn struct {
	t   *testing.T
	srv *httptest.Server

	mu         sync.Mutex
	fault      fault
	validToken string
	postsDelay time.Duration
	mediaBody  map[string][]byte // asset id -> bytes served by /dl/
	requests   []*http.Request   // clones of every request
	dlAuth     []string          // Authorization headers seen by /dl/

	posts, images, videos, token, dl atomic.Int64
	dlInFlight, dlMaxInFlight        atomic.Int64
	dlDelay                          time.Duration
}

func newFakeLinkedIn(t *testing.T) *fakeLinkedIn {
	t.Helper()
	f := &fakeLinkedIn{t: t, validToken: testToken, mediaBody: map[string][]byte{
		"C4D22AQFx4nG7Gm1bVQ":  testJPEG(t),
		"C4D12AQThumbnail0001": testJPEG(t),
		"D4D05AQH9kLmN2pQrSt":  testMP4(t),
	}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeLinkedIn) set(fn func(f *fakeLinkedIn)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}

// upstreamCalls counts every call but the posts endpoint's.
func (f *fakeLinkedIn) mediaCalls() int64 {
	return f.images.Load() + f.videos.Load() + f.dl.Load()
}

func (f *fakeLinkedIn) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.requests = append(f.requests, r.Clone(r.Context()))
	flt, valid, delay := f.fault, f.validToken, f.postsDelay
	f.mu.Unlock()

	switch {
	case r.URL.Path == "/oauth/v2/accessToken":
		f.token.Add(1)
		_ = r.ParseForm()
		if r.PostForm.Get("grant_type") != "refresh_token" || r.PostForm.Get("refresh_token") != "refresh-me" ||
			r.PostForm.Get("client_id") != "client" || r.PostForm.Get("client_secret") != "secret" {
			http.Error(w, `{"error":"invalid_request"}`, http.StatusBadRequest)
			return
		}
		f.set(func(f *fakeLinkedIn) { f.validToken = testNewToken })
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"access_token":%q,"expires_in":5184000}`, testNewToken)
		return
	case strings.HasPrefix(r.URL.Path, "/dl/"):
		f.dl.Add(1)
		n := f.dlInFlight.Add(1)
		defer f.dlInFlight.Add(-1)
		for {
			m := f.dlMaxInFlight.Load()
			if n <= m || f.dlMaxInFlight.CompareAndSwap(m, n) {
				break
			}
		}
		f.mu.Lock()
		f.dlAuth = append(f.dlAuth, r.Header.Get("Authorization"))
		body, ok := f.mediaBody[strings.TrimPrefix(r.URL.Path, "/dl/")]
		dlDelay := f.dlDelay
		f.mu.Unlock()
		time.Sleep(dlDelay)
		if !ok {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(body)
		return
	}

	// API calls: check the headers LinkedIn requires.
	if r.Header.Get("LinkedIn-Version") == "" || r.Header.Get("X-Restli-Protocol-Version") != "2.0.0" {
		writeLinkedInError(w, http.StatusBadRequest, "VERSION_MISSING")
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+valid {
		writeLinkedInError(w, http.StatusUnauthorized, "EXPIRED_ACCESS_TOKEN")
		return
	}
	switch {
	case r.URL.Path == "/rest/posts":
		f.posts.Add(1)
		time.Sleep(delay)
		f.servePosts(w, r, flt)
	case strings.HasPrefix(r.URL.Path, "/rest/images/"):
		f.images.Add(1)
		f.serveMediaMeta(w, r, strings.TrimPrefix(r.URL.Path, "/rest/images/"))
	case strings.HasPrefix(r.URL.Path, "/rest/videos/"):
		f.videos.Add(1)
		f.serveMediaMeta(w, r, strings.TrimPrefix(r.URL.Path, "/rest/videos/"))
	default:
		writeLinkedInError(w, http.StatusNotFound, "NOT_FOUND")
	}
}

// writeLinkedInError answers LinkedIn's error body (Microsoft Learn, "API
// error handling"): status, serviceErrorCode, code, message.
func writeLinkedInError(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"status":%d,"serviceErrorCode":65601,"code":%q,"message":"upstream secret detail <script>"}`, status, code)
}

func (f *fakeLinkedIn) servePosts(w http.ResponseWriter, r *http.Request, flt fault) {
	switch flt {
	case faultHang:
		<-r.Context().Done()
		return
	case fault401:
		writeLinkedInError(w, http.StatusUnauthorized, "REVOKED_ACCESS_TOKEN")
	case fault403:
		writeLinkedInError(w, http.StatusForbidden, "ACCESS_DENIED")
	case fault429:
		w.Header().Set("Retry-After", "30")
		writeLinkedInError(w, http.StatusTooManyRequests, "TOO_MANY_REQUESTS")
	case fault500:
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, "<html>internal upstream error page</html>")
	case fault426:
		writeLinkedInError(w, http.StatusUpgradeRequired, "NONEXISTENT_VERSION")
	case faultMalformed:
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"elements":[{"id":"urn:li:share:1",`)
	case faultOversize:
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"elements":[{"commentary":"`+strings.Repeat("x", 64<<10)+`"}]}`)
	default:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(testPostsJSON())
	}
}

// serveMediaMeta answers /rest/images/{urn} (Microsoft Learn, "Images API")
// or /rest/videos/{urn} ("Videos API", with duration and thumbnail) with a
// signed download URL on the fake's download host.
func (f *fakeLinkedIn) serveMediaMeta(w http.ResponseWriter, r *http.Request, urn string) {
	kind, ok := linkedin.ValidateMediaURN(urn)
	if !ok {
		writeLinkedInError(w, http.StatusBadRequest, "INVALID_URN")
		return
	}
	id := urn[strings.LastIndexByte(urn, ':')+1:]
	resp := map[string]any{
		"id":                   urn,
		"status":               "AVAILABLE",
		"owner":                testOrg,
		"downloadUrl":          f.srv.URL + "/dl/" + id + "?e=1727000000&v=beta&t=signature",
		"downloadUrlExpiresAt": 1727000000000,
	}
	if kind == linkedin.MediaVideo {
		resp["duration"] = 4000
		resp["thumbnail"] = f.srv.URL + "/dl/thumb"
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

// testPost is one post in LinkedIn's shape (Microsoft Learn, "Posts API",
// Post Schema; internal/fakelinkedin has one of every kind).
func testPost(id, state, visibility, commentary string, content map[string]any) map[string]any {
	p := map[string]any{
		"author":                    testOrg,
		"commentary":                commentary,
		"createdAt":                 1700000000000,
		"publishedAt":               1700000000000,
		"lastModifiedAt":            1700000000000,
		"distribution":              map[string]any{"feedDistribution": "MAIN_FEED", "targetEntities": []any{}, "thirdPartyDistributionChannels": []any{}},
		"id":                        id,
		"isReshareDisabledByAuthor": false,
		"lifecycleState":            state,
		"lifecycleStateInfo":        map[string]any{"isEditedByAuthor": false},
		"visibility":                visibility,
	}
	if content != nil {
		p["content"] = content
	}
	return p
}

// testPostsJSON is the fake's /rest/posts answer: three public posts (an
// image, a video, an article) and two that must be filtered out.
func testPostsJSON() []byte {
	body, _ := json.Marshal(map[string]any{
		"paging": map[string]any{"start": 0, "count": 10, "links": []any{}},
		"elements": []any{
			testPost("urn:li:share:1", "PUBLISHED", "PUBLIC", "Acquisition {hashtag|\\#|RealEstate}", map[string]any{"media": map[string]any{"id": testImageURN}}),
			testPost("urn:li:share:2", "PUBLISHED", "PUBLIC", "Video @[Foundation](urn:li:organization:1)", map[string]any{"media": map[string]any{"id": testVideoURN}}),
			testPost("urn:li:share:3", "PUBLISHED", "PUBLIC", "Article", map[string]any{"article": map[string]any{"thumbnail": testThumbURN, "title": "ESG"}}),
			testPost("urn:li:share:4", "DRAFT", "PUBLIC", "Draft", nil),
			testPost("urn:li:share:5", "PUBLISHED", "CONNECTIONS", "Connections only", nil),
		},
	})
	return body
}

// testJPEG is a small valid JPEG.
func testJPEG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 16, 9))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	img.Set(0, 0, color.RGBA{1, 2, 3, 255})
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// testMP4 is the sample feed's video, a real MP4.
func testMP4(t *testing.T) []byte {
	t.Helper()
	data, err := feedsample.FS.ReadFile("media/D4E05AQGq2LwN5cJ8rA.mp4")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// syncBuffer is a log sink safe for concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testEnv is a service wired to a fake LinkedIn.
type testEnv struct {
	svc   *Service
	fake  *fakeLinkedIn
	clock *fakeClock
	logs  *syncBuffer
	reg   *prometheus.Registry
	h     http.Handler
	*refresher
}

// newTestEnv starts a LinkedIn-backed service against a fake. edit may
// change the config first. The first refresh has concluded on return (or,
// with a fresh snapshot, the refresher waits); env.step runs the next.
func newTestEnv(t *testing.T, edit func(*Config)) *testEnv {
	t.Helper()
	fake := newFakeLinkedIn(t)
	cfg := Config{
		AccessToken:     testToken,
		OrganizationURN: testOrg,
		APIBase:         fake.srv.URL,
		TokenURL:        fake.srv.URL + "/oauth/v2/accessToken",
		TTL:             testTTL,
		Timeout:         testTimeout,
		DailyCalls:      testDailyCalls,
	}
	if edit != nil {
		edit(&cfg)
	}
	return startEnv(t, cfg, fake)
}

func startEnv(t *testing.T, cfg Config, fake *fakeLinkedIn) *testEnv {
	t.Helper()
	return startEnvAt(t, cfg, fake, newFakeClock())
}

// startEnvAt is startEnv with a given clock.
func startEnvAt(t *testing.T, cfg Config, fake *fakeLinkedIn, clock *fakeClock) *testEnv {
	t.Helper()
	env := &testEnv{fake: fake, clock: clock, logs: &syncBuffer{}, reg: prometheus.NewRegistry(),
		refresher: &refresher{t: t, timer: newManualTimer(), clock: clock}}
	if cfg.MediaOrigins == nil {
		cfg.MediaOrigins = []string{fake.srv.URL} // the fake is its own media host
	}
	logger := slog.New(slog.NewTextHandler(env.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	svc, err := newService(cfg, logger, env.reg, nil, env.clock.now, env.timer.after)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = svc.Close() })
	env.svc, env.h = svc, svc.Handler()
	env.wait = env.timer.next(t)
	return env
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in 5s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// get performs a request on the handler.
func (env *testEnv) do(method, target string, hdr http.Header) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range hdr {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	env.h.ServeHTTP(rec, req)
	return rec
}

func (env *testEnv) get(target string) *httptest.ResponseRecorder {
	return env.do(http.MethodGet, target, nil)
}

// errorBody decodes a JSON error answer.
func errorBody(t *testing.T, rec *httptest.ResponseRecorder) (status int, message string) {
	t.Helper()
	var body struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("error body %q is not JSON: %v", rec.Body.String(), err)
	}
	return body.Status, body.Message
}

// feedIDs returns the post ids of a feed answer.
func feedIDs(t *testing.T, body []byte) []string {
	t.Helper()
	var resp struct {
		Elements []struct {
			ID string `json:"id"`
		} `json:"elements"`
	}
	if err := json.Unmarshal(body, &resp); err != nil {
		t.Fatalf("feed %q: %v", body, err)
	}
	ids := []string{}
	for _, e := range resp.Elements {
		ids = append(ids, e.ID)
	}
	return ids
}
