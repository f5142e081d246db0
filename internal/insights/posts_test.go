package insights

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/veldhaven/site/internal/fakelinkedin"
	"github.com/veldhaven/site/internal/feedsample"
	"github.com/veldhaven/site/internal/linkedin"
)

// fakeEnv is a service against internal/fakelinkedin, LinkedIn built from
// its documented shapes, its refresher driven by hand (env.step).
type fakeEnv struct {
	fake  *fakelinkedin.Fake
	svc   *Service
	h     http.Handler
	logs  *syncBuffer
	reg   *prometheus.Registry
	clock *fakeClock
	cfg   Config
	mu    sync.Mutex
	urls  []string // request URIs the fake received
	// hold, when set, sees each request before the fake answers it (and
	// may keep it waiting).
	hold func(*http.Request)
	*refresher
}

// newFakeEnv serves versions oldest..latest; the clock reads now. The
// first refresh has concluded on return.
func newFakeEnv(t *testing.T, oldest, latest string, now time.Time, edit func(*Config)) *fakeEnv {
	t.Helper()
	env := &fakeEnv{logs: &syncBuffer{}, clock: &fakeClock{t: now}}
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	env.fake = fakelinkedin.New(srv.URL, oldest, latest, 0)
	inner := env.fake.Handler()
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		env.mu.Lock()
		env.urls = append(env.urls, r.URL.RequestURI())
		hold := env.hold
		env.mu.Unlock()
		if hold != nil {
			hold(r)
		}
		inner.ServeHTTP(w, r)
	})
	env.cfg = Config{AccessToken: "token", OrganizationURN: testOrg, APIBase: srv.URL, TokenURL: srv.URL + "/oauth/v2/accessToken", TTL: testTTL, Timeout: testTimeout, MediaOrigins: []string{srv.URL}, DailyCalls: testDailyCalls}
	if edit != nil {
		edit(&env.cfg)
	}
	env.start(t)
	return env
}

// start starts a service on env's fake, clock and configuration, and waits
// for its refresher's first wait.
func (env *fakeEnv) start(t *testing.T) {
	t.Helper()
	env.reg = prometheus.NewRegistry()
	env.refresher = &refresher{t: t, timer: newManualTimer(), clock: env.clock}
	logger := slog.New(slog.NewTextHandler(env.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	svc, err := newService(env.cfg, logger, env.reg, nil, env.clock.now, env.timer.after)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = svc.Close() })
	env.svc, env.h = svc, svc.Handler()
	env.wait = env.timer.next(t)
}

// restart stops the service and starts a new one, as a new process would
// (same data dir, same clock).
func (env *fakeEnv) restart(t *testing.T) {
	t.Helper()
	_ = env.svc.Close()
	env.start(t)
}

func (env *fakeEnv) get(target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	env.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

// TestFeedAsLinkedInShowsIt runs the service against every documented kind
// of post and checks what reaches a visitor: newest publication first,
// only published public main-feed posts, reposts with their reposted post,
// and the media of all of them proxied.
func TestFeedAsLinkedInShowsIt(t *testing.T) {
	env := newFakeEnv(t, "202511", "202611", time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC), func(c *Config) { c.Version = "202610" })
	rec := env.get("/linkedin-api")
	if rec.Code != http.StatusOK {
		t.Fatalf("feed: %d %s", rec.Code, rec.Body)
	}
	want := []string{
		"urn:li:share:7100000000000000010", "urn:li:share:7100000000000000020", fakelinkedin.ScheduledURN,
		fakelinkedin.PollURN, fakelinkedin.RepostURN, fakelinkedin.RefusedRepost, "urn:li:share:7100000000000000065",
		"urn:li:share:7100000000000000066", fakelinkedin.BareArticleURN, fakelinkedin.UnknownKindURN,
		"urn:li:share:7100000000000000099", fakelinkedin.EditedOldURN,
	}
	if got := feedIDs(t, rec.Body.Bytes()); !reflect.DeepEqual(got, want) {
		t.Errorf("order:\n got %v\nwant %v (newest publishedAt first; no dark, draft or connections post)", got, want)
	}
	env.mu.Lock()
	asked := strings.Join(env.urls, "\n")
	env.mu.Unlock()
	if !strings.Contains(asked, "sortBy=CREATED") {
		t.Errorf("posts not asked in creation order: %s", asked)
	}

	var body struct {
		Reshared map[string]struct {
			ID         string `json:"id"`
			Commentary string `json:"commentary"`
		} `json:"reshared"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if got := body.Reshared[fakelinkedin.ResharedURN]; got.ID != fakelinkedin.ResharedURN || !strings.Contains(got.Commentary, "study hall") {
		t.Errorf("reposted post not relayed: %+v", body.Reshared)
	}
	if _, ok := body.Reshared[fakelinkedin.RefusedURN]; ok || len(body.Reshared) != 1 {
		t.Errorf("a refused post was relayed: %+v", body.Reshared)
	}

	// The reposted post's image is media of the feed.
	for _, tc := range []struct{ path, field, contentType string }{
		{"/linkedin-api/image?urn=" + fakelinkedin.ResharedImage, "downloadUrl", "image/jpeg"},
		{"/linkedin-api/image?urn=" + fakelinkedin.MultiImage2URN, "downloadUrl", "image/jpeg"},
		{"/linkedin-api/video?urn=" + fakelinkedin.VideoURN, "downloadUrl", "video/mp4"},
		// Over the media size limit: the Videos API's thumbnail instead.
		{"/linkedin-api/video?urn=" + fakelinkedin.BigVideoURN, "thumbnail", "image/jpeg"},
	} {
		rec := env.get(tc.path)
		var answer map[string]string
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &answer) != nil || len(answer) != 1 || answer[tc.field] == "" {
			t.Errorf("%s: %d %s, want only %s", tc.path, rec.Code, rec.Body, tc.field)
			continue
		}
		media := env.get(answer[tc.field])
		if media.Code != http.StatusOK || media.Header().Get("Content-Type") != tc.contentType {
			t.Errorf("%s: %d %q", answer[tc.field], media.Code, media.Header().Get("Content-Type"))
		}
	}
	// A document is not media the site proxies; nor is a made-up thumbnail.
	for _, path := range []string{"/linkedin-api/media/thumb-D4D05AQFakeVideo001x", "/linkedin-api/media/thumb-bad"} {
		if rec := env.get(path); rec.Code != http.StatusNotFound && rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
}

// stubGetter answers Post from a table.
type stubGetter struct {
	Source
	posts map[string]json.RawMessage
	errs  map[string]error
	calls int
	mu    sync.Mutex
}

func (s *stubGetter) Post(_ context.Context, urn string) (json.RawMessage, error) {
	s.mu.Lock()
	s.calls++
	s.mu.Unlock()
	if err := s.errs[urn]; err != nil {
		return nil, err
	}
	return s.posts[urn], nil
}

func repostOf(id, parent string) json.RawMessage {
	return json.RawMessage(`{"id":"` + id + `","lifecycleState":"PUBLISHED","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED"},"reshareContext":{"parent":"` + parent + `"}}`)
}

func TestResolveReshares(t *testing.T) {
	const ok, gone, private, slow, bad, kept, refusedBefore = "urn:li:share:1", "urn:li:share:2", "urn:li:share:3", "urn:li:share:4", "urn:li:share:5", "urn:li:share:6", "urn:li:share:7"
	src := &stubGetter{
		posts: map[string]json.RawMessage{
			ok:      json.RawMessage(`{"id":"urn:li:share:1", "lifecycleState":"PUBLISHED","visibility":"PUBLIC","commentary":"x"}`),
			private: json.RawMessage(`{"id":"urn:li:share:3","lifecycleState":"PUBLISHED","visibility":"CONNECTIONS"}`),
			bad:     json.RawMessage(`"not an object"`),
		},
		errs: map[string]error{
			gone: &linkedin.Error{Endpoint: "post", Kind: linkedin.KindForbidden, Status: 403, Code: "ACCESS_DENIED"},
			slow: &linkedin.Error{Endpoint: "post", Kind: linkedin.KindTimeout},
		},
	}
	// What the last feed knew: one post and one refusal; neither is asked again.
	previous := map[string]json.RawMessage{kept: json.RawMessage(`{"id":"urn:li:share:6"}`)}
	previousRefused := map[string]bool{refusedBefore: true}
	raw := []json.RawMessage{repostOf("a", ok), repostOf("b", gone), repostOf("c", private), repostOf("d", slow), repostOf("e", bad),
		repostOf("f", ok), repostOf("g", "https://evil"), repostOf("h", kept), repostOf("i", refusedBefore)}
	got, refused := resolveReshares(context.Background(), src, raw, previous, previousRefused)
	want := map[string]string{ok: `{"id":"urn:li:share:1","lifecycleState":"PUBLISHED","visibility":"PUBLIC","commentary":"x"}`, kept: `{"id":"urn:li:share:6"}`}
	if len(got) != len(want) {
		t.Errorf("resolved %v", got)
	}
	for urn, body := range want {
		if string(got[urn]) != body {
			t.Errorf("%s: %s, want %s", urn, got[urn], body)
		}
	}
	if wantRefused := map[string]bool{gone: true, private: true, bad: true, refusedBefore: true}; !reflect.DeepEqual(refused, wantRefused) {
		t.Errorf("refused %v, want %v (a timeout is not a refusal)", refused, wantRefused)
	}
	if src.calls != 5 {
		t.Errorf("%d lookups, want 5 (one per distinct valid URN not known before)", src.calls)
	}

	// The next refresh asks only for the one that timed out.
	again := &stubGetter{posts: src.posts}
	resolveReshares(context.Background(), again, raw, got, refused)
	if again.calls != 1 {
		t.Errorf("%d lookups on the next refresh, want 1 (the timeout)", again.calls)
	}

	// At most maxReshares lookups per refresh.
	many := make([]json.RawMessage, 0, 3*maxReshares)
	for i := range 3 * maxReshares {
		many = append(many, repostOf("r", "urn:li:share:"+strings.Repeat("9", i+1)))
	}
	capped := &stubGetter{}
	resolveReshares(context.Background(), capped, many, nil, nil)
	if capped.calls != maxReshares {
		t.Errorf("%d lookups, want %d", capped.calls, maxReshares)
	}
}

// TestRepostCachedLikeTheRest checks that a reposted post is looked up once
// per URN, not per visitor nor per refresh, also after a restart (the
// snapshot keeps it, and LinkedIn's refusals).
func TestRepostCachedLikeTheRest(t *testing.T) {
	env := newFakeEnv(t, "202511", "202611", time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC), func(c *Config) {
		c.Version = "202610"
		c.DataDir = t.TempDir()
	})
	for range 5 {
		if rec := env.get("/linkedin-api"); rec.Code != http.StatusOK {
			t.Fatal(rec.Code)
		}
	}
	// The first refresh: the reposted and the refused post, once each.
	if n := env.fake.Calls("post"); n != 2 {
		t.Errorf("%d post lookups for one refresh, want 2", n)
	}
	env.step()
	env.step()
	if n, posts := env.fake.Calls("post"), env.fake.Calls("posts"); n != 2 || posts != 3 {
		t.Errorf("after three refreshes: %d post lookups (want 2), %d posts calls (want 3)", n, posts)
	}
	env.clock.advance(time.Hour) // the snapshot is old: the new process refreshes at once
	env.restart(t)
	if n, posts := env.fake.Calls("post"), env.fake.Calls("posts"); n != 2 || posts != 4 {
		t.Errorf("after a restart: %d post lookups (want 2), %d posts calls (want 4)", n, posts)
	}
	var body struct {
		Reshared map[string]json.RawMessage `json:"reshared"`
	}
	if err := json.Unmarshal(env.get("/linkedin-api").Body.Bytes(), &body); err != nil || body.Reshared[fakelinkedin.ResharedURN] == nil {
		t.Errorf("the reposted post is no longer relayed: %v %v", body.Reshared, err)
	}
}

// TestTokenCheck500 checks that a 500, LinkedIn's answer when the
// downstream check of an access token fails, is retried once after a
// token refresh, and only when refresh is configured.
func TestTokenCheck500(t *testing.T) {
	now := time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC)
	refresh := func(c *Config) {
		c.Version = "202610"
		c.RefreshToken, c.ClientID, c.ClientSecret = "refresh-me", "client", "secret"
	}
	env := newFakeEnv(t, "202511", "202611", now, refresh)
	env.fake.RequireToken("fresh", "fresh", true)
	env.step()
	rec := env.get("/linkedin-api")
	if rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "" {
		t.Fatalf("feed after a token-check 500: %d stale=%q", rec.Code, rec.Header().Get("X-Feed-Stale"))
	}
	if n := env.fake.Calls("token"); n != 1 {
		t.Errorf("%d refreshes, want 1", n)
	}

	// A second 500 soon after a refresh does not refresh again.
	env.fake.RequireToken("other", "other", true)
	env.step()
	if n := env.fake.Calls("token"); n != 1 {
		t.Errorf("%d refreshes after a second 500 within %v, want 1", n, tokenCheckRefreshInterval)
	}

	// Without refresh configured, the 500 is an upstream failure.
	plain := newFakeEnv(t, "202511", "202611", now, func(c *Config) { c.Version = "202610" })
	plain.fake.RequireToken("fresh", "fresh", true)
	plain.step()
	if rec := plain.get("/linkedin-api"); rec.Header().Get("X-Feed-Stale") != "1" || plain.fake.Calls("token") != 0 {
		t.Errorf("without refresh: %d stale=%q token calls %d", rec.Code, rec.Header().Get("X-Feed-Stale"), plain.fake.Calls("token"))
	}
}

// TestSampleThumbnail checks that the sample source has a thumbnail for
// its video, as the Videos API has, for the fallback over the size limit.
func TestSampleThumbnail(t *testing.T) {
	src, err := feedsample.New()
	if err != nil {
		t.Fatal(err)
	}
	rc, size, err := src.OpenThumbnail(context.Background(), "urn:li:video:D4E05AQGq2LwN5cJ8rA", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	head := make([]byte, 512)
	n, _ := rc.Read(head)
	if size < 1000 || http.DetectContentType(head[:n]) != "image/jpeg" {
		t.Errorf("thumbnail: %d bytes, %q", size, http.DetectContentType(head[:n]))
	}
	if _, _, err := src.OpenThumbnail(context.Background(), "urn:li:video:D4E05AQGq2LwN5cJ8rA", 100); linkedin.KindOf(err) != linkedin.KindTooLarge {
		t.Errorf("over the cap: %v", err)
	}
	if _, _, err := src.OpenThumbnail(context.Background(), testImageURN, 1<<20); err == nil {
		t.Error("an image URN has no thumbnail")
	}
}

// TestPostsSortFallback checks that a LinkedIn refusing sortBy=CREATED with
// a 400 still gives the feed, asked in its default order and sorted here.
func TestPostsSortFallback(t *testing.T) {
	var asked []string
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.RawQuery)
		mu.Unlock()
		if r.URL.Query().Get("sortBy") != "" {
			writeLinkedInError(w, http.StatusBadRequest, "ILLEGAL_ARGUMENT")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"elements":[
			{"id":"urn:li:share:1","lifecycleState":"PUBLISHED","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED"},"publishedAt":1600000000000,"lastModifiedAt":1800000000000},
			{"id":"urn:li:share:2","lifecycleState":"PUBLISHED","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED"},"publishedAt":1700000000000,"lastModifiedAt":1700000000000}]}`))
	}))
	defer srv.Close()
	svc, err := newService(Config{AccessToken: "t", OrganizationURN: testOrg, APIBase: srv.URL, Version: "202610", Timeout: testTimeout}, nil, nil, nil, time.Now, realAfter)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	waitFor(t, svc.Ready)
	rec := httptest.NewRecorder()
	svc.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/linkedin-api", nil))
	if got := feedIDs(t, rec.Body.Bytes()); rec.Code != http.StatusOK || !reflect.DeepEqual(got, []string{"urn:li:share:2", "urn:li:share:1"}) {
		t.Fatalf("%d %v", rec.Code, got)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) != 2 || !strings.Contains(asked[0], "sortBy=CREATED") || strings.Contains(asked[1], "sortBy") {
		t.Errorf("asked %v", asked)
	}
}
