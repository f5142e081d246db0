package insights

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/callbudget"
	"github.com/veldhaven/site/internal/fakelinkedin"
)

// The tests against internal/fakelinkedin, which counts calls.

// midnightNov10 is the start of a UTC day for the budget tests.
var midnightNov10 = time.Date(2026, 11, 10, 0, 0, 30, 0, time.UTC)

// TestNoRequestCallsUpstream checks that the feed is refreshed in the
// background only: however many visitors come, and however old the feed
// is, a request makes no call; the timer does.
func TestNoRequestCallsUpstream(t *testing.T) {
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) { c.Version = "202610" })
	before := env.fake.APICalls()
	for range 3 {
		env.clock.advance(2 * testTTL) // long past the interval
		for range 20 {
			if rec := env.get("/linkedin-api"); rec.Code != http.StatusOK {
				t.Fatalf("feed: %d", rec.Code)
			}
		}
	}
	if n := env.fake.APICalls(); n != before {
		t.Fatalf("requests made %d LinkedIn calls, want 0", n-before)
	}
	if rec := env.get("/linkedin-api"); rec.Header().Get("X-Feed-Stale") != "1" {
		t.Error("a feed older than two intervals is not marked stale")
	}
	env.step()
	if n := env.fake.Calls("posts"); n != 2 {
		t.Errorf("%d posts calls after the timer fired once, want 2", n)
	}
	if rec := env.get("/linkedin-api"); rec.Header().Get("X-Feed-Stale") != "" {
		t.Error("fresh feed marked stale")
	}
}

// TestBudgetSpentUntilMidnight spends a small budget in a LinkedIn outage
// (each retry costs a call): LinkedIn gets exactly the budget, no more;
// nothing is asked until midnight UTC; the last good feed is served;
// the warning is logged once; media not stored yet answer 503 with
// Retry-After; at midnight UTC the count starts again.
func TestBudgetSpentUntilMidnight(t *testing.T) {
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) {
		c.Version = "202610"
		c.DailyCalls = MinDailyCalls
	})
	if env.wait < 3*time.Hour {
		t.Fatalf("first wait %v, want the budget's interval of 3h", env.wait)
	}
	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.Outage = true })
	for i := 0; env.wait < 4*time.Hour; i++ {
		if i > 20 {
			t.Fatal("the budget never ran out")
		}
		env.step()
	}
	if n := env.fake.APICalls(); n != MinDailyCalls {
		t.Errorf("%d LinkedIn calls in the day, want the budget: %d", n, MinDailyCalls)
	}
	if got, want := env.clock.now().Add(env.wait), midnightNov10.Add(24*time.Hour-30*time.Second); got.Before(want) || got.After(want.Add(2*time.Minute)) {
		t.Errorf("next refresh at %v, want just after midnight UTC", got)
	}
	rec := env.get("/linkedin-api")
	if rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "1" || len(feedIDs(t, rec.Body.Bytes())) == 0 {
		t.Errorf("at the budget: %d stale=%q, want the last good feed, stale", rec.Code, rec.Header().Get("X-Feed-Stale"))
	}
	media := env.get("/linkedin-api/image?urn=" + fakelinkedin.ImageURN)
	if media.Code != http.StatusServiceUnavailable || media.Header().Get("Retry-After") == "" {
		t.Errorf("media at the budget: %d Retry-After %q, want 503 with Retry-After", media.Code, media.Header().Get("Retry-After"))
	}
	if n := env.fake.APICalls(); n != MinDailyCalls {
		t.Errorf("%d LinkedIn calls after the budget was spent, want %d", n, MinDailyCalls)
	}
	if n := strings.Count(env.logs.String(), "daily LinkedIn call budget spent"); n != 1 {
		t.Errorf("budget warning logged %d times, want once", n)
	}
	if _, left := metricOf(t, env, "veldhaven_insights_linkedin_budget_left_calls"); left != 0 {
		t.Errorf("budget left %v, want 0", left)
	}
	if _, ratio := metricOf(t, env, "veldhaven_insights_linkedin_budget_used_ratio"); ratio != 1 {
		t.Errorf("budget used ratio %v, want 1", ratio)
	}

	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.Outage = false })
	env.step() // past midnight UTC
	if n := env.fake.APICalls(); n != MinDailyCalls+1 {
		t.Errorf("%d calls after midnight, want one more", n)
	}
	if rec := env.get("/linkedin-api"); rec.Header().Get("X-Feed-Stale") != "" {
		t.Error("the feed is still stale after the reset")
	}
	if _, left := metricOf(t, env, "veldhaven_insights_linkedin_budget_left_calls"); left != MinDailyCalls-1 {
		t.Errorf("budget left %v after midnight, want %d", left, MinDailyCalls-1)
	}
}

// TestMediaLeavesTheFeedItsReserve checks that media look-ups visitors ask
// for stop while only the calls planned for the feed's refreshes are left.
func TestMediaLeavesTheFeedItsReserve(t *testing.T) {
	// 12:00 UTC with a 3 h interval: 4 refreshes planned until midnight.
	env := newFakeEnv(t, "202511", "202611", midnightNov10.Add(12*time.Hour), func(c *Config) {
		c.Version = "202610"
		c.DailyCalls = MinDailyCalls
	})
	used := env.fake.APICalls() // posts and two reposted posts: 3
	urns := []string{fakelinkedin.ImageURN, fakelinkedin.MultiImage1URN, fakelinkedin.MultiImage2URN, fakelinkedin.ThumbnailURN, fakelinkedin.ResharedImage}
	for _, urn := range urns {
		env.get("/linkedin-api/image?urn=" + urn)
	}
	if got, want := env.fake.Calls("images"), int64(MinDailyCalls-4)-used; got != want {
		t.Errorf("%d image look-ups, want %d (the budget less the 4 refreshes planned)", got, want)
	}
	env.step()
	if n := env.fake.Calls("posts"); n != 2 {
		t.Errorf("the feed's refresh was not made: %d posts calls", n)
	}
}

// TestBudgetKeptAcrossRestarts checks that the day's count survives a
// restart (with the snapshot in DATA_DIR), and that a new process whose
// budget is spent serves the snapshot at once and calls nobody.
func TestBudgetKeptAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) {
		c.Version = "202610"
		c.DailyCalls = MinDailyCalls
		c.DataDir = dir
	})
	first := env.fake.APICalls()
	env.restart(t)
	if _, left := metricOf(t, env, "veldhaven_insights_linkedin_budget_left_calls"); left != float64(MinDailyCalls-first) {
		t.Errorf("after a restart %v calls left, want %d", left, MinDailyCalls-first)
	}
	if n := env.fake.APICalls(); n != first {
		t.Errorf("a restart with a fresh snapshot made %d calls", n-first)
	}
	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.Outage = true })
	for i := 0; env.wait < 4*time.Hour; i++ {
		if i > 20 {
			t.Fatal("the budget never ran out")
		}
		env.step()
	}
	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.Outage = false })
	spent := env.fake.APICalls()
	env.clock.advance(time.Hour) // the snapshot is now older than the interval
	env.restart(t)
	if n := env.fake.APICalls(); n != spent {
		t.Errorf("a restart with the budget spent made %d calls", n-spent)
	}
	if !env.svc.Ready() {
		t.Error("not ready")
	}
	rec := env.get("/linkedin-api")
	if rec.Code != http.StatusOK || len(feedIDs(t, rec.Body.Bytes())) == 0 {
		t.Errorf("restart with the budget spent: %d, want the snapshot's feed", rec.Code)
	}
	data, err := os.ReadFile(filepath.Join(dir, callbudget.File))
	var st struct {
		Day   string         `json:"day"`
		Calls map[string]int `json:"calls"`
	}
	if err != nil || json.Unmarshal(data, &st) != nil || st.Day != "2026-11-10" || st.Calls["posts"] == 0 {
		t.Errorf("budget file %s (%v)", data, err)
	}
}

// TestSortByRefusalRemembered checks that a refused sortBy costs one extra
// call a day, not one per refresh nor per restart.
func TestSortByRefusalRemembered(t *testing.T) {
	dir := t.TempDir()
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) {
		c.Version = "202610"
		c.DataDir = dir
	})
	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.RefuseSortBy = true })
	env.step() // refused, then asked without
	env.step()
	env.step()
	if n := env.fake.Calls("posts"); n != 1+2+1+1 {
		t.Errorf("%d posts calls over four refreshes, want 5 (one refusal)", n)
	}
	env.clock.advance(time.Hour)
	env.restart(t)
	if n := env.fake.Calls("posts"); n != 6 {
		t.Errorf("%d posts calls after a restart, want 6 (the refusal remembered)", n)
	}
	if n := strings.Count(env.logs.String(), "refused sortBy=CREATED"); n != 1 {
		t.Errorf("refusal logged %d times, want once", n)
	}
	env.clock.advance(24 * time.Hour) // the next UTC day asks again, once
	env.step()
	env.step()
	if n := env.fake.Calls("posts"); n != 6+2+1 {
		t.Errorf("%d posts calls on the next day, want 9", n)
	}
}

// TestTokenRefreshBackoff checks that a failing token refresh is not
// repeated by every call that meets a refused token: it backs off like the
// feed, and the metric says it is failing.
func TestTokenRefreshBackoff(t *testing.T) {
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) {
		c.Version = "202610"
		c.RefreshToken, c.ClientID, c.ClientSecret = "refresh-me", "client", "secret"
	})
	env.fake.RequireToken("rotated", "rotated", false)
	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.FailToken = true })
	env.step() // the posts call is refused; one refresh, failing
	if n := env.fake.Calls("token"); n != 1 {
		t.Fatalf("%d token calls, want 1", n)
	}
	for _, urn := range []string{fakelinkedin.ImageURN, fakelinkedin.MultiImage1URN, fakelinkedin.MultiImage2URN} {
		env.get("/linkedin-api/image?urn=" + urn)
	}
	if n := env.fake.Calls("token"); n != 1 {
		t.Errorf("%d token calls after three refused media look-ups, want 1 (backing off)", n)
	}
	if _, failing := metricOf(t, env, "veldhaven_insights_token_refresh_failing"); failing != 1 {
		t.Errorf("token_refresh_failing = %v, want 1", failing)
	}
	env.step() // past the backoff: one more try
	if n := env.fake.Calls("token"); n != 2 {
		t.Errorf("%d token calls after the backoff, want 2", n)
	}
	env.fake.Set(func(b *fakelinkedin.Behaviour) { b.FailToken = false })
	env.step()
	if rec := env.get("/linkedin-api"); rec.Header().Get("X-Feed-Stale") != "" {
		t.Error("the feed did not recover once the token refreshed")
	}
	if _, failing := metricOf(t, env, "veldhaven_insights_token_refresh_failing"); failing != 0 {
		t.Errorf("token_refresh_failing = %v after a success, want 0", failing)
	}
}

// TestDeletedPostTakesItsMedia checks that the media of a post deleted
// upstream answer 404 from the next refresh on, that their files leave the
// store, and that this holds after a restart.
func TestDeletedPostTakesItsMedia(t *testing.T) {
	dir := t.TempDir()
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) {
		c.Version = "202610"
		c.DataDir = dir
	})
	image := "/linkedin-api/image?urn=" + fakelinkedin.ImageURN
	bytesURL := "/linkedin-api/media/" + mediaKey(fakelinkedin.ImageURN)
	if rec := env.get(image); rec.Code != http.StatusOK {
		t.Fatalf("image: %d", rec.Code)
	}
	if rec := env.get(bytesURL); rec.Code != http.StatusOK {
		t.Fatalf("bytes: %d", rec.Code)
	}
	file := filepath.Join(dir, "media", mediaKey(fakelinkedin.ImageURN))
	if _, err := os.Stat(file); err != nil {
		t.Fatal(err)
	}
	env.fake.DeletePost("urn:li:share:7100000000000000010") // the post with ImageURN
	if rec := env.get(bytesURL); rec.Code != http.StatusOK {
		t.Errorf("before the refresh: %d, want 200 (the feed still lists it)", rec.Code)
	}
	env.step()
	check := func(when string) {
		t.Helper()
		for _, path := range []string{image, bytesURL} {
			rec := env.get(path)
			if rec.Code != http.StatusNotFound || rec.Header().Get("Cache-Control") != "no-store" {
				t.Errorf("%s: %s: %d %q, want 404 no-store", when, path, rec.Code, rec.Header().Get("Cache-Control"))
			}
		}
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Errorf("%s: the file is still in the store (%v)", when, err)
		}
		if rec := env.get("/linkedin-api/image?urn=" + fakelinkedin.MultiImage1URN); rec.Code != http.StatusOK {
			t.Errorf("%s: another post's image: %d", when, rec.Code)
		}
	}
	check("after the refresh")
	// A download that ended after the refresh (or any item the store holds
	// that the feed does not list) is not served either: the feed is
	// checked on every request, not only when the store misses.
	if err := env.svc.media.Put(mediaKey(fakelinkedin.ImageURN), bytes.NewReader(testJPEG(t)), 1<<20); err != nil {
		t.Fatal(err)
	}
	if rec := env.get(bytesURL); rec.Code != http.StatusNotFound {
		t.Errorf("an unlisted item the store holds: %d, want 404", rec.Code)
	}
	env.restart(t)
	check("after a restart")
}

// TestMediaOfAnOldSnapshotDroppedAtStart checks that items the snapshot no
// longer lists leave the store when the process starts, before any refresh.
func TestMediaOfAnOldSnapshotDroppedAtStart(t *testing.T) {
	dir := t.TempDir()
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) {
		c.Version = "202610"
		c.DataDir = dir
	})
	env.get("/linkedin-api/image?urn=" + fakelinkedin.ImageURN)
	_ = env.svc.Close()
	// The snapshot loses the post (as a refresh of another process would
	// have left it); the media folder still has its file.
	snap, err := readSnapshot(dir, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	var kept []json.RawMessage
	for _, el := range snap.Elements {
		if !bytes.Contains(el, []byte(fakelinkedin.ImageURN)) {
			kept = append(kept, el)
		}
	}
	snap.Elements = kept
	data, _ := encodeSnapshot(snap)
	writeTestFile(t, filepath.Join(dir, snapshotFile), data)
	env.start(t)
	if _, err := os.Stat(filepath.Join(dir, "media", mediaKey(fakelinkedin.ImageURN))); !os.IsNotExist(err) {
		t.Errorf("the unlisted item is still in the store at start (%v)", err)
	}
	if rec := env.get("/linkedin-api/media/" + mediaKey(fakelinkedin.ImageURN)); rec.Code != http.StatusNotFound {
		t.Errorf("unlisted item: %d, want 404", rec.Code)
	}
}

// TestNewPostAfterOneRefresh checks that a post published upstream is in
// the feed, with its media, after the next refresh, and not before.
func TestNewPostAfterOneRefresh(t *testing.T) {
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) { c.Version = "202610" })
	postURN, imageURN := env.fake.Publish()
	if rec := env.get("/linkedin-api/image?urn=" + imageURN); rec.Code != http.StatusNotFound {
		t.Errorf("the new post's image before the refresh: %d, want 404", rec.Code)
	}
	env.step()
	if ids := feedIDs(t, env.get("/linkedin-api").Body.Bytes()); len(ids) == 0 || ids[0] != postURN {
		t.Errorf("after one refresh: %v, want %s first", ids, postURN)
	}
	if rec := env.get("/linkedin-api/media/" + mediaKey(imageURN)); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" {
		t.Errorf("the new post's image: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// TestMediaNeverTakesThePlannedRefreshes: whenever in the UTC day
// visitors ask for media, as many as they can get, every refresh planned
// until midnight can still be made (docs/deploy.md, "The daily budget").
// With the defaults (50 calls, a refresh every 36 min) the media get 10
// calls at 00:00 and 49 at 23:59:59.
func TestMediaNeverTakesThePlannedRefreshes(t *testing.T) {
	const limit = DefaultDailyCalls
	interval := callbudget.RefreshInterval(DefaultTTL, limit)
	day := time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		at    time.Duration // into the day
		media int
	}{
		{0, 10},
		{time.Second, 10},
		{36 * time.Minute, 11},
		{12 * time.Hour, 30},
		{24*time.Hour - interval, 49},
		{24*time.Hour - time.Second, 49},
	} {
		t.Run(tc.at.String(), func(t *testing.T) {
			clock := &fakeClock{t: day.Add(tc.at)}
			b := callbudget.New(limit, interval, "", clock.now, slog.New(slog.DiscardHandler))
			media := 0
			for b.Take("images") == nil {
				media++
			}
			if media != tc.media {
				t.Errorf("%d media look-ups at %v, want %d", media, tc.at, tc.media)
			}
			for at := tc.at; at < 24*time.Hour; at += interval {
				if err := b.Take("posts"); err != nil {
					t.Fatalf("the refresh at %v refused: %v", at, err)
				}
				clock.advance(interval)
			}
		})
	}
}

// TestAFailingMediaItemRememberedUntilItsPostChanges: a video over the
// size cap costs one Videos API call, not one per refresh interval; an edit
// of its post tries it again.
func TestAFailingMediaItemRememberedUntilItsPostChanges(t *testing.T) {
	env := newFakeEnv(t, "202511", "202611", midnightNov10, func(c *Config) { c.Version = "202610" })
	ask := func() {
		t.Helper()
		if rec := env.get("/linkedin-api/video?urn=" + fakelinkedin.BigVideoURN); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "thumbnail") {
			t.Fatalf("the oversized video: %d %s, want its thumbnail", rec.Code, rec.Body)
		}
	}
	ask()
	first := env.fake.Calls("videos")
	for range 4 {
		env.step()
		ask()
	}
	if n := env.fake.Calls("videos"); n != first {
		t.Errorf("%d more Videos API calls over four refreshes, want none", n-first)
	}
	env.fake.EditPost(fakelinkedin.ScheduledURN, "Student housing tour, now with subtitles.")
	env.step()
	ask()
	if n := env.fake.Calls("videos"); n != first+1 {
		t.Errorf("%d more Videos API calls after its post changed, want 1", n-first)
	}
}
