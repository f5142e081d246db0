package feedproxy

import (
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// oversizedVideo is a media path the owner always answers 502 (a video
// over its size cap): any visitor can ask for it.
const oversizedVideo = "/linkedin-api/media/video-D4D05AQOversized0"

// TestAVisitorsFailureHoldsOnlyItsURL: a visitor looping on a URL the
// owner answers 5xx does not put the other URLs on their copies: a new
// post shows, and media the owner has withdrawn answer 404.
func TestAVisitorsFailureHoldsOnlyItsURL(t *testing.T) {
	var logs syncBuffer
	o, _, p, _ := setup(t, Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	o.answer(oversizedVideo, http.StatusBadGateway)
	for _, target := range []string{"/linkedin-api", mediaPath} {
		if w := get(p, target); w.Code != 200 {
			t.Fatalf("%s, owner up: %d", target, w.Code)
		}
	}
	newer := strings.Replace(feedBody, "urn:li:share:1", "urn:li:share:7", 1)
	o.put("/linkedin-api", ownerItem{"application/json; charset=utf-8", "public, max-age=60", newer})
	o.del(mediaPath)
	for range 3 {
		if w := get(p, oversizedVideo); w.Code != http.StatusBadGateway {
			t.Fatalf("the oversized video: %d, want the owner's 502", w.Code)
		}
		if w := get(p, "/linkedin-api"); w.Body.String() != newer || w.Header().Get(SourceHeader) != "owner" {
			t.Errorf("the feed during the visitor's loop: %q from %q, want the owner's new feed", w.Body, w.Header().Get(SourceHeader))
		}
		if w := get(p, mediaPath); w.Code != http.StatusNotFound {
			t.Errorf("withdrawn media during the visitor's loop: %d %q, want the owner's 404", w.Code, w.Header().Get("Cache-Control"))
		}
	}
	if strings.Contains(logs.String(), "the owner failed") {
		t.Errorf("the visitor's loop logged the owner as failing:\n%s", logs.String())
	}
}

// syncBuffer is a log written from the proxy's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestALateRemovalIsHonoured: a 404 or 410 the owner sends after the
// visitor got the copy still removes it.
func TestALateRemovalIsHonoured(t *testing.T) {
	for _, status := range []int{http.StatusNotFound, http.StatusGone} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			o, _, p, _ := setup(t, Config{Timeout: 5 * time.Second, MediaTimeout: 5 * time.Second, CopyWait: 50 * time.Millisecond})
			if w := get(p, mediaPath); w.Code != 200 {
				t.Fatalf("owner up: %d", w.Code)
			}
			o.answer(mediaPath, status)
			o.set("slow")
			if w := get(p, mediaPath); w.Code != 200 || w.Header().Get(SourceHeader) != "copy" {
				t.Fatalf("a slow owner: %d %q, want the copy", w.Code, w.Header().Get(SourceHeader))
			}
			deadline := time.Now().Add(3 * time.Second)
			for p.store.Has(mediaPath) && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if p.store.Has(mediaPath) {
				t.Fatalf("the owner's late %d left the copy", status)
			}
			o.set("drop")
			if w := get(p, mediaPath); w.Code == 200 {
				t.Errorf("owner away after its late %d: the copy was served", status)
			}
		})
	}
}

// TestCopiesAgeOut: a copy served while the owner is away is briefly
// cacheable only, and none is served once the owner has not confirmed it
// for maxCopyAge.
func TestCopiesAgeOut(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	o, _, p, _ := setup(t, Config{Now: clock})
	for _, target := range []string{"/linkedin-api", mediaPath} {
		if w := get(p, target); w.Code != 200 {
			t.Fatalf("%s, owner up: %d", target, w.Code)
		}
	}
	o.set("drop")
	advance(time.Hour)
	for _, target := range []string{"/linkedin-api", mediaPath} {
		w := get(p, target)
		if w.Code != 200 || w.Header().Get(SourceHeader) != "copy" || w.Header().Get("Cache-Control") != cacheStale {
			t.Errorf("%s an hour into an outage: %d %q Cache-Control %q, want the copy with %q", target, w.Code, w.Header().Get(SourceHeader), w.Header().Get("Cache-Control"), cacheStale)
		}
	}
	// The owner confirms the feed (304) but has lost the media.
	o.set("")
	o.del(mediaPath)
	advance(maxCopyAge - time.Minute)
	get(p, "/linkedin-api")
	o.set("drop")
	advance(2 * time.Minute)
	if w := get(p, mediaPath); w.Code == 200 {
		t.Errorf("media not confirmed for %v served: %d", maxCopyAge+time.Hour, w.Code)
	}
	if p.store.Has(mediaPath) {
		t.Error("a copy past its age kept")
	}
	if w := get(p, "/linkedin-api"); w.Code != 200 || w.Header().Get(SourceHeader) != "copy" {
		t.Errorf("the feed confirmed two minutes ago: %d %q, want its copy", w.Code, w.Header().Get(SourceHeader))
	}
}

// TestCopiesKeepTheRangeBound: ten ranges of a small copy answer no more
// than the copy, from the owner's answer or from the copy alone.
func TestCopiesKeepTheRangeBound(t *testing.T) {
	o, _, p, _ := setup(t, Config{})
	const ten = "bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14,16-16,18-18"
	for _, source := range []string{"owner", "copy"} {
		if source == "copy" {
			o.set("drop")
		}
		for _, target := range []string{imageURL, mediaPath} {
			w := get(p, target, "Range", ten)
			size := len(get(p, target).Body.Bytes())
			if w.Body.Len() > size || w.Header().Get(SourceHeader) != source {
				t.Errorf("%s from the %s: %d bytes for ten ranges of %d (%q)", target, source, w.Body.Len(), size, w.Header().Get(SourceHeader))
			}
			if w.Code != 200 {
				t.Errorf("%s from the %s: %d, want the whole answer", target, source, w.Code)
			}
		}
	}
}
