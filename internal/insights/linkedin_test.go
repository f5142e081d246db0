package insights

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
)

// TestContract checks the calls made to LinkedIn and the answers given to
// the browser on the happy path.
func TestContract(t *testing.T) {
	env := newTestEnv(t, nil)

	rec := env.get("/linkedin-api")
	if rec.Code != http.StatusOK {
		t.Fatalf("feed: status %d, body %s", rec.Code, rec.Body)
	}
	if got, want := feedIDs(t, rec.Body.Bytes()), []string{"urn:li:share:1", "urn:li:share:2", "urn:li:share:3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("feed ids = %v, want %v (draft and non-public filtered out)", got, want)
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age=") || !strings.Contains(cc, "stale-while-revalidate=") {
		t.Errorf("Cache-Control = %q", cc)
	}
	if rec.Header().Get("X-Feed-Stale") != "" {
		t.Error("fresh feed marked stale")
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q", ct)
	}
	// The passed-through post keeps LinkedIn's fields.
	var raw struct {
		Elements []map[string]any `json:"elements"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &raw)
	if raw.Elements[0]["commentary"] != "Acquisition {hashtag|\\#|RealEstate}" || raw.Elements[0]["distribution"] == nil {
		t.Errorf("post not passed through: %v", raw.Elements[0])
	}

	// Conditional request: the ETag revalidates to 304.
	rec304 := env.do(http.MethodGet, "/linkedin-api", http.Header{"If-None-Match": {rec.Header().Get("ETag")}})
	if rec304.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: status %d, want 304", rec304.Code)
	}

	for _, tc := range []struct {
		endpoint, urn, apiPath, contentType string
	}{
		{"image", testImageURN, "/rest/images/urn%3Ali%3Aimage%3AC4D22AQFx4nG7Gm1bVQ", "image/jpeg"},
		{"image", testThumbURN, "/rest/images/urn%3Ali%3Aimage%3AC4D12AQThumbnail0001", "image/jpeg"},
		{"video", testVideoURN, "/rest/videos/urn%3Ali%3Avideo%3AD4D05AQH9kLmN2pQrSt", "video/mp4"},
	} {
		t.Run(tc.endpoint+"/"+tc.urn, func(t *testing.T) {
			rec := env.get("/linkedin-api/" + tc.endpoint + "?urn=" + strings.ReplaceAll(tc.urn, ":", "%3A"))
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d, body %s", rec.Code, rec.Body)
			}
			var body struct {
				DownloadURL string `json:"downloadUrl"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if want := "/linkedin-api/media/" + mediaKey(tc.urn); body.DownloadURL != want {
				t.Fatalf("downloadUrl = %q, want %q", body.DownloadURL, want)
			}
			media := env.get(body.DownloadURL)
			if media.Code != http.StatusOK || media.Header().Get("Content-Type") != tc.contentType {
				t.Fatalf("media: status %d, type %q", media.Code, media.Header().Get("Content-Type"))
			}
			part := env.do(http.MethodGet, body.DownloadURL, http.Header{"Range": {"bytes=0-9"}})
			if part.Code != http.StatusPartialContent || part.Body.Len() != 10 {
				t.Errorf("range: status %d, %d bytes", part.Code, part.Body.Len())
			}
		})
	}

	// A second round is served from the media cache: one download each.
	before := env.fake.mediaCalls()
	env.get("/linkedin-api/image?urn=" + testImageURN)
	env.get("/linkedin-api/media/" + mediaKey(testImageURN))
	if after := env.fake.mediaCalls(); after != before {
		t.Errorf("cached media fetched again: %d upstream calls", after-before)
	}

	env.fake.mu.Lock()
	defer env.fake.mu.Unlock()
	sawPosts, sawImage := false, false
	for _, r := range env.fake.requests {
		if strings.HasPrefix(r.URL.Path, "/rest/") {
			if r.Header.Get("Authorization") != "Bearer "+testToken || r.Header.Get("LinkedIn-Version") != linkedin.DefaultVersion(time.Time{}, time.Now()) ||
				r.Header.Get("X-Restli-Protocol-Version") != "2.0.0" {
				t.Errorf("%s: headers %v", r.URL.Path, r.Header)
			}
		}
		if r.URL.Path == "/rest/posts" {
			sawPosts = true
			if !strings.Contains(r.URL.RawQuery, "q=author") || !strings.Contains(r.URL.RawQuery, "author=urn%3Ali%3Aorganization%3A10482193") {
				t.Errorf("posts query = %q", r.URL.RawQuery)
			}
		}
		if strings.HasPrefix(r.URL.Path, "/rest/images/") && r.URL.EscapedPath() == "/rest/images/urn%3Ali%3Aimage%3AC4D22AQFx4nG7Gm1bVQ" {
			sawImage = true
		}
	}
	if !sawPosts || !sawImage {
		t.Errorf("posts call seen %v, URL-encoded image path seen %v", sawPosts, sawImage)
	}
	for _, auth := range env.fake.dlAuth {
		if auth != "" {
			t.Errorf("the download host received an Authorization header")
		}
	}
}

// TestFaultMatrix drives every upstream fault with and without a previous
// good feed: the endpoint answers within timeout + 1 s, never 500, serves
// the old feed (marked stale) when it has one, and never leaks the token or
// upstream's body.
func TestFaultMatrix(t *testing.T) {
	faults := []struct {
		name     string
		setup    func(env *testEnv) // turns the fault on
		refresh  bool               // configure OAuth refresh
		cold     int                // status with no previous feed
		coldOK   bool               // the fault is recovered (refresh): 200 fresh
		kind     linkedin.Kind
		logWants string
	}{
		{name: "connection refused", setup: func(env *testEnv) { env.fake.srv.Close() }, cold: 502, kind: linkedin.KindUnreachable},
		{name: "hang past timeout", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.fault = faultHang }) }, cold: 504, kind: linkedin.KindTimeout},
		{name: "401 without refresh", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.validToken = "rotated" }) }, cold: 502, kind: linkedin.KindUnauthorized, logWants: "EXPIRED_ACCESS_TOKEN"},
		{name: "401 revoked with refresh", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.fault = fault401 }) }, refresh: true, cold: 502, kind: linkedin.KindUnauthorized, logWants: "REVOKED_ACCESS_TOKEN"},
		{name: "401 with refresh", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.validToken = "rotated" }) }, refresh: true, coldOK: true},
		{name: "403", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.fault = fault403 }) }, cold: 502, kind: linkedin.KindForbidden},
		{name: "429", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.fault = fault429 }) }, cold: 503, kind: linkedin.KindRateLimited},
		{name: "500", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.fault = fault500 }) }, cold: 502, kind: linkedin.KindServerError},
		{name: "426 retired version", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.fault = fault426 }) }, cold: 502, kind: linkedin.KindVersionRetired, logWants: "LinkedIn-Version has retired"},
		{name: "malformed JSON", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.fault = faultMalformed }) }, cold: 502, kind: linkedin.KindBadResponse},
		{name: "oversized body", setup: func(env *testEnv) { env.fake.set(func(f *fakeLinkedIn) { f.fault = faultOversize }) }, cold: 502, kind: linkedin.KindTooLarge},
	}
	for _, tc := range faults {
		for _, warm := range []bool{false, true} {
			name := tc.name + "/cold"
			if warm {
				name = tc.name + "/warm"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				fake := newFakeLinkedIn(t)
				if !warm {
					// Fault on before the warm-up refresh.
					fakeEnv := &testEnv{fake: fake}
					tc.setup(fakeEnv)
				}
				cfg := Config{
					AccessToken: testToken, OrganizationURN: testOrg, APIBase: fake.srv.URL,
					TokenURL: fake.srv.URL + "/oauth/v2/accessToken", TTL: testTTL, Timeout: testTimeout, MaxBodyBytes: 16 << 10, DailyCalls: testDailyCalls,
				}
				if tc.refresh {
					cfg.RefreshToken, cfg.ClientID, cfg.ClientSecret = "refresh-me", "client", "secret"
				}
				env := startEnv(t, cfg, fake)
				if warm {
					if rec := env.get("/linkedin-api"); rec.Code != http.StatusOK {
						t.Fatalf("warm-up feed: %d", rec.Code)
					}
					tc.setup(env)
					env.step() // the next refresh meets the fault
				}

				start := time.Now()
				rec := env.get("/linkedin-api")
				if elapsed := time.Since(start); elapsed > testTimeout+time.Second {
					t.Errorf("answered after %v, want <= timeout + 1s", elapsed)
				}
				switch {
				case tc.coldOK:
					if rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "" {
						t.Errorf("status %d stale %q, want a fresh 200 after refresh", rec.Code, rec.Header().Get("X-Feed-Stale"))
					}
					if n := fake.token.Load(); n != 1 {
						t.Errorf("token endpoint called %d times, want 1", n)
					}
				case warm:
					if rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "1" {
						t.Errorf("status %d stale %q, want stale 200", rec.Code, rec.Header().Get("X-Feed-Stale"))
					}
					if len(feedIDs(t, rec.Body.Bytes())) != 3 {
						t.Errorf("stale feed lost posts: %s", rec.Body)
					}
				default:
					if rec.Code != tc.cold {
						t.Errorf("status %d, want %d; body %s", rec.Code, tc.cold, rec.Body)
					}
					status, msg := errorBody(t, rec)
					if status != rec.Code || msg == "" {
						t.Errorf("body status %d message %q", status, msg)
					}
					if rec.Header().Get("Cache-Control") != "no-store" {
						t.Errorf("error Cache-Control = %q", rec.Header().Get("Cache-Control"))
					}
				}
				if rec.Code == http.StatusInternalServerError {
					t.Error("answered 500")
				}
				if strings.Contains(rec.Body.String(), "upstream secret detail") || strings.Contains(rec.Body.String(), "internal upstream error page") {
					t.Error("upstream body relayed")
				}

				// More requests never call upstream (only the refresher
				// does) and answer as fast; the refresher backs off.
				if !tc.coldOK && tc.name != "connection refused" {
					calls := fake.posts.Load()
					start = time.Now()
					for range 3 {
						if rec2 := env.get("/linkedin-api"); rec2.Code != rec.Code {
							t.Errorf("later answer: %d, want %d", rec2.Code, rec.Code)
						}
					}
					if fake.posts.Load() != calls {
						t.Error("a request called upstream")
					}
					if time.Since(start) > testTimeout/2 {
						t.Errorf("later answers took %v", time.Since(start))
					}
					if env.wait > testTTL || env.wait < minBackoff {
						t.Errorf("next refresh in %v, want a backoff of at most the interval %v", env.wait, testTTL)
					}
				}

				logs := env.logs.String()
				for _, secret := range []string{testToken, testNewToken, "secret\"", "refresh-me"} {
					if strings.Contains(logs, secret) || strings.Contains(rec.Body.String(), secret) {
						t.Errorf("%q leaked into logs or response", secret)
					}
				}
				if tc.logWants != "" && !strings.Contains(logs, tc.logWants) {
					t.Errorf("logs lack %q:\n%s", tc.logWants, logs)
				}
				if tc.kind != "" && !strings.Contains(logs, "kind="+string(tc.kind)) {
					t.Errorf("logs lack kind=%s:\n%s", tc.kind, logs)
				}
			})
		}
	}
}

// TestBackoffRecovers checks that after failures the refresher retries
// after a doubling backoff, capped by the refresh interval, and serves
// fresh posts again once upstream answers.
func TestBackoffRecovers(t *testing.T) {
	env := newTestEnv(t, nil)
	env.fake.set(func(f *fakeLinkedIn) { f.fault = fault500 })
	var waits []time.Duration
	for range 8 {
		waits = append(waits, env.step())
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 32 * time.Second, testTTL, testTTL}
	if !reflect.DeepEqual(waits, want) {
		t.Errorf("waits after failures %v, want %v", waits, want)
	}
	if rec := env.get("/linkedin-api"); rec.Header().Get("X-Feed-Stale") != "1" {
		t.Fatalf("want stale, got %d %v", rec.Code, rec.Header())
	}
	env.fake.set(func(f *fakeLinkedIn) { f.fault = faultNone })
	if wait := env.step(); wait < testTTL || wait > testTTL+testTTL/10 {
		t.Errorf("after a success the next refresh is in %v, want the interval plus up to a tenth", wait)
	}
	rec := env.get("/linkedin-api")
	if rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "" {
		t.Fatalf("after backoff: %d stale=%q", rec.Code, rec.Header().Get("X-Feed-Stale"))
	}
}

// TestRetryAfterHonoured checks that a 429's Retry-After lengthens the
// backoff and is passed on to the visitor when there is no feed.
func TestRetryAfterHonoured(t *testing.T) {
	fake := newFakeLinkedIn(t)
	fake.set(func(f *fakeLinkedIn) { f.fault = fault429 })
	env := startEnv(t, Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: fake.srv.URL, Timeout: testTimeout, DailyCalls: testDailyCalls}, fake)
	rec := env.get("/linkedin-api")
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "30" {
		t.Fatalf("status %d Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	if env.wait != 30*time.Second {
		t.Errorf("next refresh in %v, want Retry-After's 30s", env.wait)
	}
}

// TestClockJumps checks that a wall clock moved backwards neither pins a
// feed as fresh nor moves the refreshes, which run on a timer.
func TestClockJumps(t *testing.T) {
	env := newTestEnv(t, nil)
	calls := env.fake.posts.Load()
	env.clock.advance(-24 * time.Hour) // the feed now seems fetched in the future
	if rec := env.get("/linkedin-api"); rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "1" {
		t.Fatalf("feed from the future: %d stale=%q, want served as stale", rec.Code, rec.Header().Get("X-Feed-Stale"))
	}
	if env.fake.posts.Load() != calls {
		t.Error("a request called upstream")
	}
	if wait := env.step(); wait < testTTL {
		t.Errorf("next refresh in %v after a clock jump", wait)
	}
	rec := env.get("/linkedin-api")
	if env.fake.posts.Load() != calls+1 || rec.Header().Get("X-Feed-Stale") != "" {
		t.Errorf("after the next refresh: %d calls, stale=%q", env.fake.posts.Load()-calls, rec.Header().Get("X-Feed-Stale"))
	}
}

// TestRefreshOnceForConcurrent401s checks that many calls refused with the
// same expired token cause a single refresh.
func TestRefreshOnceForConcurrent401s(t *testing.T) {
	env := newTestEnv(t, func(c *Config) {
		c.RefreshToken, c.ClientID, c.ClientSecret = "refresh-me", "client", "secret"
	})
	env.fake.set(func(f *fakeLinkedIn) { f.validToken = "rotated" })
	urns := []string{testImageURN, testThumbURN}
	done := make(chan int, len(urns))
	for _, urn := range urns {
		go func() { done <- env.get("/linkedin-api/image?urn=" + urn).Code }()
	}
	for range urns {
		if code := <-done; code != http.StatusOK {
			t.Errorf("status %d", code)
		}
	}
	if n := env.fake.token.Load(); n != 1 {
		t.Errorf("token endpoint called %d times, want 1", n)
	}
}
