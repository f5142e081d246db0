package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestFakeAnswersInLinkedInShapes(t *testing.T) {
	srv := httptest.NewServer(nil)
	defer srv.Close()
	srv.Config.Handler = newHandler(srv.URL, 3, 0)
	var feed struct {
		Elements []map[string]any `json:"elements"`
	}
	res, err := http.Get(srv.URL + "/rest/posts?q=author&author=urn%3Ali%3Aorganization%3A1")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(res.Body).Decode(&feed); err != nil || len(feed.Elements) != 3 {
		t.Fatalf("feed: %v, %d elements", err, len(feed.Elements))
	}
	var meta struct{ DownloadURL string }
	res, err = http.Get(srv.URL + "/rest/images/urn%3Ali%3Aimage%3AC4D22AQLoadTest0001")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(res.Body).Decode(&meta); err != nil || meta.DownloadURL == "" {
		t.Fatalf("image meta: %v %q", err, meta.DownloadURL)
	}
	img, err := http.Get(meta.DownloadURL)
	if err != nil || img.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("download: %v", err)
	}
}

func TestMediaDelayHoldsMediaAnswersOnly(t *testing.T) {
	const delay = 300 * time.Millisecond
	srv := httptest.NewServer(nil)
	defer srv.Close()
	srv.Config.Handler = newHandler(srv.URL, 1, delay)
	for _, tt := range []struct {
		path    string
		delayed bool
	}{
		{"/rest/posts", false},
		{"/rest/images/urn%3Ali%3Aimage%3AC4D22AQLoadTest0000", true},
		{"/rest/videos/urn%3Ali%3Avideo%3AC4D22AQLoadTest0000", true},
	} {
		start := time.Now()
		res, err := http.Get(srv.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if took := time.Since(start); (took >= delay) != tt.delayed {
			t.Errorf("%s took %v; delayed %v wanted", tt.path, took, tt.delayed)
		}
	}
}
