package insights

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/veldhaven/site/internal/linkedin"
)

// TestHostileURN sends refused media requests: every one answers 4xx with
// a JSON body that does not echo the input, and none reaches upstream.
func TestHostileURN(t *testing.T) {
	env := newTestEnv(t, nil)
	long := strings.Repeat("A", 10<<10)
	cases := []struct {
		name, target string
		want         int
	}{
		{"missing urn", "/linkedin-api/image", 400},
		{"empty urn", "/linkedin-api/image?urn=", 400},
		{"two urns", "/linkedin-api/image?urn=" + testImageURN + "&urn=" + testThumbURN, 400},
		{"video urn on image", "/linkedin-api/image?urn=" + testVideoURN, 400},
		{"image urn on video", "/linkedin-api/video?urn=" + testImageURN, 400},
		{"http URL", "/linkedin-api/image?urn=" + url.QueryEscape("http://169.254.169.254/latest/meta-data/"), 400},
		{"https URL", "/linkedin-api/image?urn=" + url.QueryEscape("https://evil.example/x.jpg"), 400},
		{"file URL", "/linkedin-api/image?urn=" + url.QueryEscape("file:///etc/passwd"), 400},
		{"urn with URL id", "/linkedin-api/image?urn=" + url.QueryEscape("urn:li:image:http://evil"), 400},
		{"person urn", "/linkedin-api/image?urn=urn:li:person:C4D22AQFx4nG7Gm1bVQ", 400},
		{"organization urn", "/linkedin-api/image?urn=urn:li:organization:10482193", 400},
		{"share urn", "/linkedin-api/video?urn=urn:li:share:7130000000000000001", 400},
		{"digital media asset", "/linkedin-api/image?urn=urn:li:digitalmediaAsset:C4D22AQFx4nG7Gm1bVQ", 400},
		{"upper-case prefix", "/linkedin-api/image?urn=URN:LI:IMAGE:C4D22AQFx4nG7Gm1bVQ", 400},
		{"encoded slash", "/linkedin-api/image?urn=urn:li:image:C4D22AQ%2F..%2F..%2Fadmin", 400},
		{"double-encoded slash", "/linkedin-api/image?urn=urn:li:image:C4D22AQ%252F..%252Fadmin", 400},
		{"path traversal", "/linkedin-api/image?urn=urn:li:image:../../../../etc/passwd", 400},
		{"newline", "/linkedin-api/image?urn=urn:li:image:C4D22AQFx4nG7Gm1bVQ%0AHost:evil", 400},
		{"trailing newline", "/linkedin-api/image?urn=urn:li:image:C4D22AQFx4nG7Gm1bVQ%0A", 400},
		{"CRLF header injection", "/linkedin-api/video?urn=urn:li:video:D4D05AQH9kLmN2pQrSt%0D%0ASet-Cookie:x=1", 400},
		{"NUL byte", "/linkedin-api/image?urn=urn:li:image:C4D22AQFx4nG7Gm1bVQ%00", 400},
		{"space", "/linkedin-api/image?urn=urn:li:image:C4D22AQ%20Fx4nG7Gm1bVQ", 400},
		{"query in urn", "/linkedin-api/image?urn=urn:li:image:C4D22AQFx4nG7Gm1bVQ%3Fx%3D1", 400},
		{"fragment in urn", "/linkedin-api/image?urn=urn:li:image:C4D22AQFx4nG7Gm1bVQ%23x", 400},
		{"invalid UTF-8", "/linkedin-api/image?urn=urn:li:image:C4D22AQ%FF%FEFx4nG7", 400},
		{"unicode lookalike colon", "/linkedin-api/image?urn=urn%EF%BC%9Ali%EF%BC%9Aimage%EF%BC%9AC4D22AQFx4nG7Gm1bVQ", 400},
		{"script", "/linkedin-api/image?urn=" + url.QueryEscape("<script>alert(1)</script>"), 400},
		{"10 kB value", "/linkedin-api/image?urn=urn:li:image:" + long, 400},
		{"10 kB junk", "/linkedin-api/video?urn=" + long, 400},
		{"bad query escape", "/linkedin-api/image?urn=%zz", 400},
		{"too short id", "/linkedin-api/image?urn=urn:li:image:C4D", 400},
		{"media key traversal", "/linkedin-api/media/..%2F..%2Fetc%2Fpasswd", 400},
		{"media key other kind", "/linkedin-api/media/person-C4D22AQFx4nG7Gm1bVQ", 400},
		{"media key dots", "/linkedin-api/media/image-..", 400},
		{"media key 10 kB", "/linkedin-api/media/image-" + long, 400},
		{"media key NUL", "/linkedin-api/media/image-C4D22AQFx4nG7Gm1bVQ%00", 400},
		{"unknown subpath", "/linkedin-api/unknown", 404},
		{"media root", "/linkedin-api/media/", 404},
		{"valid urn not in the feed", "/linkedin-api/image?urn=" + testNoFeedURN, 404},
		{"valid key not in the feed", "/linkedin-api/media/" + mediaKey(testNoFeedURN), 404},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := env.get(tc.target)
			if rec.Code != tc.want {
				t.Fatalf("status %d, want %d; body %s", rec.Code, tc.want, rec.Body)
			}
			status, msg := errorBody(t, rec)
			if status != tc.want || msg == "" {
				t.Errorf("body status %d message %q", status, msg)
			}
			if body := rec.Body.String(); strings.Contains(body, "<script") || strings.Contains(body, "evil") || strings.Contains(body, "passwd") || len(body) > 200 {
				t.Errorf("input reflected: %s", body)
			}
		})
	}
	if n := env.fake.mediaCalls(); n != 0 {
		t.Errorf("%d hostile requests reached upstream", n)
	}
}

// TestMethods checks that only GET and HEAD are served.
func TestMethods(t *testing.T) {
	env := newTestEnv(t, nil)
	for _, target := range []string{"/linkedin-api", "/linkedin-api/image?urn=" + testImageURN, "/linkedin-api/media/" + mediaKey(testImageURN), "/linkedin-api/nope"} {
		for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions, "TRACE", "PROPFIND"} {
			rec := env.do(method, target, nil)
			if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: status %d Allow %q", method, target, rec.Code, rec.Header().Get("Allow"))
			}
			errorBody(t, rec)
		}
	}
	rec := env.do(http.MethodHead, "/linkedin-api", nil)
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 || rec.Header().Get("Content-Length") == "" {
		t.Errorf("HEAD: status %d, %d body bytes, Content-Length %q", rec.Code, rec.Body.Len(), rec.Header().Get("Content-Length"))
	}
}

// TestColdCacheSingleFlight fires 1000 concurrent requests at a cold cache:
// exactly one upstream call.
func TestColdCacheSingleFlight(t *testing.T) {
	fake := newFakeLinkedIn(t)
	fake.set(func(f *fakeLinkedIn) { f.postsDelay = 100 * time.Millisecond })
	svc, err := newService(Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: fake.srv.URL, Timeout: 2 * time.Second},
		nil, prometheus.NewRegistry(), nil, time.Now, realAfter)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	h := svc.Handler()
	var wg sync.WaitGroup
	codes := make(chan int, 1000)
	for range 1000 {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/linkedin-api", nil))
			codes <- rec.Code
		})
	}
	wg.Wait()
	close(codes)
	for code := range codes {
		if code != http.StatusOK {
			t.Fatalf("status %d", code)
		}
	}
	if n := fake.posts.Load(); n != 1 {
		t.Errorf("%d upstream calls, want 1", n)
	}
}

// TestSampleFeed checks the embedded default feed: its shape, the filter,
// and that every media item it references is served by the site.
func TestSampleFeed(t *testing.T) {
	svc, err := New(Config{}, nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	if !svc.Ready() {
		t.Fatal("sample feed not ready at once")
	}
	h := svc.Handler()
	get := func(target string, hdr http.Header) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		for k, v := range hdr {
			req.Header[k] = v
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	rec := get("/linkedin-api", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	var resp struct {
		Elements []struct {
			ID             string `json:"id"`
			Author         string `json:"author"`
			Commentary     string `json:"commentary"`
			CreatedAt      int64  `json:"createdAt"`
			PublishedAt    int64  `json:"publishedAt"`
			LifecycleState string `json:"lifecycleState"`
			Visibility     string `json:"visibility"`
			Content        struct {
				Media struct {
					ID string `json:"id"`
				} `json:"media"`
				Article struct {
					Thumbnail string `json:"thumbnail"`
					Title     string `json:"title"`
				} `json:"article"`
			} `json:"content"`
		} `json:"elements"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil {
		t.Fatal(err)
	}
	if len(resp.Elements) < 10 {
		t.Fatalf("%d posts, want at least 10", len(resp.Elements))
	}
	var long, video, article, hashtag, mention bool
	var media []string
	prev := int64(1 << 62)
	for _, p := range resp.Elements {
		if p.LifecycleState != "PUBLISHED" || p.Visibility != "PUBLIC" || strings.Contains(p.Commentary, "Draft") || strings.HasPrefix(p.Commentary, "Internal") {
			t.Errorf("post %s should have been filtered out", p.ID)
		}
		// Newest publication first (publishedAt, else createdAt).
		shown := p.PublishedAt
		if shown == 0 {
			shown = p.CreatedAt
		}
		if !linkedin.IsPostURN(p.ID) || p.Author == "" || shown < 1.6e12 || shown > prev {
			t.Errorf("post %s: bad id, author or publishedAt order", p.ID)
		}
		prev = shown
		long = long || len([]rune(p.Commentary)) > 400
		hashtag = hashtag || strings.Contains(p.Commentary, `{hashtag|\#|`)
		mention = mention || strings.Contains(p.Commentary, "](urn:li:organization:")
		if p.Content.Media.ID != "" && !strings.HasPrefix(p.Content.Media.ID, "urn:li:document:") {
			media = append(media, p.Content.Media.ID)
			video = video || strings.HasPrefix(p.Content.Media.ID, "urn:li:video:")
		}
		if p.Content.Article.Thumbnail != "" {
			article = true
			media = append(media, p.Content.Article.Thumbnail)
		}
	}
	if !long || !video || !article || !hashtag || !mention {
		t.Errorf("sample lacks: long %v video %v article %v hashtag %v mention %v", long, video, article, hashtag, mention)
	}
	for _, urn := range media {
		kind, ok := linkedin.ValidateMediaURN(urn)
		if !ok {
			t.Errorf("sample urn %q is invalid", urn)
			continue
		}
		rec := get("/linkedin-api/"+string(kind)+"?urn="+urn, nil)
		var body struct {
			DownloadURL string `json:"downloadUrl"`
		}
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
			t.Errorf("%s: status %d", urn, rec.Code)
			continue
		}
		m := get(body.DownloadURL, nil)
		if m.Code != http.StatusOK || !strings.HasPrefix(m.Header().Get("Content-Type"), string(kind)+"/") || m.Body.Len() < 1000 {
			t.Errorf("%s: media status %d type %q size %d", urn, m.Code, m.Header().Get("Content-Type"), m.Body.Len())
		}
		if kind == linkedin.MediaVideo {
			part := get(body.DownloadURL, http.Header{"Range": {"bytes=100-199"}})
			if part.Code != http.StatusPartialContent || part.Body.Len() != 100 {
				t.Errorf("video range: status %d, %d bytes", part.Code, part.Body.Len())
			}
		}
	}
}

// TestMetrics checks that the collectors are registered with the prefix
// and count what happens.
func TestMetrics(t *testing.T) {
	env := newTestEnv(t, nil)
	env.get("/linkedin-api") // hit
	if got := counterValue(t, env.svc.metrics.upstream.WithLabelValues("posts", "ok")); got != 1 {
		t.Errorf("upstream posts ok = %v, want 1", got)
	}
	if got := counterValue(t, env.svc.metrics.cache.WithLabelValues("hit")); got != 1 {
		t.Errorf("cache hits = %v, want 1", got)
	}
	env.fake.set(func(f *fakeLinkedIn) { f.fault = fault500 })
	env.step()
	env.get("/linkedin-api")
	if got := counterValue(t, env.svc.metrics.cache.WithLabelValues("stale")); got != 1 {
		t.Errorf("stale serves = %v, want 1", got)
	}
	if got := counterValue(t, env.svc.metrics.upstream.WithLabelValues("posts", "server_error")); got != 1 {
		t.Errorf("upstream posts server_error = %v, want 1", got)
	}
	families, err := env.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range families {
		if !strings.HasPrefix(f.GetName(), "veldhaven_insights_") {
			t.Errorf("metric %s lacks the prefix", f.GetName())
		}
		names[f.GetName()] = true
	}
	for _, want := range []string{"veldhaven_insights_upstream_requests_total", "veldhaven_insights_feed_cache_requests_total", "veldhaven_insights_feed_age_seconds", "veldhaven_insights_media_cache_bytes"} {
		if !names[want] {
			t.Errorf("metric %s not registered", want)
		}
	}
	if age := env.svc.feedAge(); age < float64(testTTL/time.Second) {
		t.Errorf("feed age %v, want >= TTL", age)
	}
	// A second service on the same registry is refused, not a panic.
	if _, err := newService(Config{}, nil, env.reg, nil, time.Now, realAfter); err == nil {
		t.Error("double registration accepted")
	}
}

// counterValue reads a counter through a registry of its own, so the test
// needs no import of the client model package.
func counterValue(t *testing.T, c prometheus.Counter) float64 {
	t.Helper()
	reg := prometheus.NewPedanticRegistry()
	if err := reg.Register(c); err != nil {
		t.Fatal(err)
	}
	families, err := reg.Gather()
	if err != nil || len(families) != 1 || len(families[0].GetMetric()) != 1 {
		t.Fatalf("gather: %v", err)
	}
	return families[0].GetMetric()[0].GetCounter().GetValue()
}

// TestReadyAfterTheFirstRefresh: without a snapshot the service is not
// ready until its first refresh has concluded; visitors who come meanwhile
// wait for it rather than get an error.
func TestReadyAfterTheFirstRefresh(t *testing.T) {
	fake := newFakeLinkedIn(t)
	fake.set(func(f *fakeLinkedIn) { f.postsDelay = 300 * time.Millisecond })
	svc, err := newService(Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: fake.srv.URL, Timeout: 2 * time.Second},
		nil, prometheus.NewRegistry(), nil, time.Now, realAfter)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	if svc.Ready() {
		t.Fatal("ready before the first refresh concluded")
	}
	rec := httptest.NewRecorder()
	svc.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/linkedin-api", nil))
	if rec.Code != http.StatusOK || !svc.Ready() {
		t.Errorf("the first visitor got %d, ready %v", rec.Code, svc.Ready())
	}
}
