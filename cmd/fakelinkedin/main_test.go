package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/fakelinkedin"
)

// get asks the fake with LinkedIn's headers and the given version.
func get(t *testing.T, url, version string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer any")
	req.Header.Set("X-Restli-Protocol-Version", "2.0.0")
	if version != "" {
		req.Header.Set("LinkedIn-Version", version)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = res.Body.Close() })
	return res
}

func TestFakeAnswersInLinkedInShapes(t *testing.T) {
	srv := httptest.NewServer(nil)
	defer srv.Close()
	fake := fakelinkedin.New(srv.URL, "202511", "202611", 3)
	srv.Config.Handler = fake.Handler()

	res := get(t, srv.URL+"/rest/posts?q=author&author=urn%3Ali%3Aorganization%3A1&sortBy=CREATED", "202610")
	var feed struct {
		Elements []map[string]any `json:"elements"`
	}
	if err := json.NewDecoder(res.Body).Decode(&feed); err != nil || len(feed.Elements) != len(fakelinkedin.Posts("x"))+3 {
		t.Fatalf("feed: %v, %d elements", err, len(feed.Elements))
	}
	var meta struct{ DownloadURL, Thumbnail string }
	res = get(t, srv.URL+"/rest/videos/"+"urn%3Ali%3Avideo%3AD4D05AQFakeVideo001", "202610")
	if err := json.NewDecoder(res.Body).Decode(&meta); err != nil || meta.DownloadURL == "" || meta.Thumbnail == "" {
		t.Fatalf("video meta: %v %+v", err, meta)
	}
	img, err := http.Get(meta.Thumbnail)
	if err != nil || img.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("thumbnail: %v", err)
	}
	_ = img.Body.Close()

	// Versions outside the window answer 426 NONEXISTENT_VERSION; none, 400.
	for version, want := range map[string]int{"202510": 426, "202612": 426, "": 400, "202511": 200, "202611.01": 200} {
		res := get(t, srv.URL+"/rest/posts/urn%3Ali%3Ashare%3A7099000000000555001", version)
		var body struct{ Code string }
		_ = json.NewDecoder(res.Body).Decode(&body)
		if res.StatusCode != want || (want == 426 && body.Code != "NONEXISTENT_VERSION") {
			t.Errorf("version %q: %d %q, want %d", version, res.StatusCode, body.Code, want)
		}
	}
	fake.Set(func(b *fakelinkedin.Behaviour) { b.Oldest, b.Latest = "202601", "202611" })
	if res := get(t, srv.URL+"/rest/posts/urn%3Ali%3Ashare%3A7099000000000555001", "202511"); res.StatusCode != http.StatusUpgradeRequired {
		t.Errorf("retired version answered %d", res.StatusCode)
	}
	if res := get(t, srv.URL+"/rest/posts/urn%3Ali%3AugcPost%3A7098000000000444002", "202611"); res.StatusCode != http.StatusForbidden {
		t.Errorf("refused post answered %d", res.StatusCode)
	}
}

func TestMediaDelayHoldsMediaAnswersOnly(t *testing.T) {
	const delay = 300 * time.Millisecond
	srv := httptest.NewServer(nil)
	defer srv.Close()
	fake := fakelinkedin.New(srv.URL, "202511", "202611", 1)
	fake.Set(func(b *fakelinkedin.Behaviour) { b.MediaDelay = delay })
	srv.Config.Handler = fake.Handler()
	for _, tt := range []struct {
		path    string
		delayed bool
	}{
		{"/rest/posts?q=author&author=urn%3Ali%3Aorganization%3A1", false},
		{"/rest/images/urn%3Ali%3Aimage%3AC4D22AQLoadTest0000", true},
		{"/rest/videos/urn%3Ali%3Avideo%3AD4D05AQFakeVideo001", true},
	} {
		start := time.Now()
		res := get(t, srv.URL+tt.path, "202610")
		_ = res.Body.Close()
		if took := time.Since(start); (took >= delay) != tt.delayed {
			t.Errorf("%s took %v; delayed %v wanted", tt.path, took, tt.delayed)
		}
	}
}

// TestControlRoutes: the routes tests use to change the fake while the site
// runs, and to read the calls it counted.
func TestControlRoutes(t *testing.T) {
	srv := httptest.NewServer(nil)
	defer srv.Close()
	fake := fakelinkedin.New(srv.URL, "202511", "202611", 0)
	srv.Config.Handler = fake.Handler()
	post := func(path string) *http.Response {
		t.Helper()
		res, err := http.Post(srv.URL+path, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = res.Body.Close() })
		return res
	}
	ids := func() []string {
		t.Helper()
		res := get(t, srv.URL+"/rest/posts?q=author&author=urn%3Ali%3Aorganization%3A1&sortBy=CREATED", "202610")
		var feed struct {
			Elements []struct{ ID string } `json:"elements"`
		}
		if res.StatusCode != http.StatusOK || json.NewDecoder(res.Body).Decode(&feed) != nil {
			t.Fatalf("posts: %d", res.StatusCode)
		}
		var out []string
		for _, e := range feed.Elements {
			out = append(out, e.ID)
		}
		return out
	}
	var published struct{ Post, Image string }
	if err := json.NewDecoder(post("/_fake/publish").Body).Decode(&published); err != nil || published.Post == "" || published.Image == "" {
		t.Fatalf("publish: %v %+v", err, published)
	}
	if got := ids(); got[0] != published.Post || len(got) != len(fakelinkedin.Posts("x"))+1 {
		t.Errorf("after publish: %v, want %s first", got, published.Post)
	}
	post("/_fake/delete?urn=" + published.Post)
	for _, id := range ids() {
		if id == published.Post {
			t.Error("a deleted post is still listed")
		}
	}
	if res := get(t, srv.URL+"/rest/posts/"+published.Post, "202610"); res.StatusCode != http.StatusNotFound {
		t.Errorf("deleted post by URN: %d", res.StatusCode)
	}
	post("/_fake/outage?on=true")
	if res := get(t, srv.URL+"/rest/posts?q=author&author=urn%3Ali%3Aorganization%3A1", "202610"); res.StatusCode != http.StatusInternalServerError {
		t.Errorf("during an outage: %d", res.StatusCode)
	}
	post("/_fake/outage?on=false")
	post("/_fake/throttle?on=true")
	if res := get(t, srv.URL+"/rest/posts?q=author&author=urn%3Ali%3Aorganization%3A1", "202610"); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("throttled: %d", res.StatusCode)
	}
	if res := post("/_fake/outage?on=maybe"); res.StatusCode != http.StatusBadRequest {
		t.Errorf("bad toggle: %d", res.StatusCode)
	}
	res, err := http.Get(srv.URL + "/_fake/calls")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var calls map[string]int64
	if err := json.NewDecoder(res.Body).Decode(&calls); err != nil || calls["posts"] != 4 || calls["post"] != 1 || calls["api"] != 5 {
		t.Errorf("calls %v (%v), want posts 4, post 1, api 5", calls, err)
	}
}
