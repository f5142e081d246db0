package insights

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMediaFaults checks media answers when the download misbehaves.
func TestMediaFaults(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(*fakeLinkedIn)
		cfg   func(*Config)
		want  int
		calls int64 // downloads expected after two requests
	}{
		{"over the size cap", func(f *fakeLinkedIn) {}, func(c *Config) { c.MaxMediaBytes = 100 }, http.StatusBadGateway, 1},
		{"not an image", func(f *fakeLinkedIn) { f.mediaBody["C4D22AQFx4nG7Gm1bVQ"] = []byte("<html><script>x</script></html>") }, nil, http.StatusBadGateway, 1},
		{"download missing", func(f *fakeLinkedIn) { delete(f.mediaBody, "C4D22AQFx4nG7Gm1bVQ") }, nil, http.StatusNotFound, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t, tc.cfg)
			env.fake.set(tc.edit)
			for range 2 {
				rec := env.get("/linkedin-api/image?urn=" + testImageURN)
				if rec.Code != tc.want {
					t.Errorf("status %d, want %d: %s", rec.Code, tc.want, rec.Body)
				}
				errorBody(t, rec)
				if strings.Contains(rec.Body.String(), "script") {
					t.Error("upstream body relayed")
				}
			}
			if n := env.fake.dl.Load(); n != tc.calls {
				t.Errorf("%d downloads, want %d (failures are remembered)", n, tc.calls)
			}
			if env.svc.media.Has(mediaKey(testImageURN)) {
				t.Error("failed item cached")
			}
		})
	}
}

// TestMediaConcurrencyCap checks that concurrent media fetches never
// exceed MaxConcurrentMedia and that one item is downloaded once however
// many visitors ask.
func TestMediaConcurrencyCap(t *testing.T) {
	env := newTestEnv(t, func(c *Config) { c.MaxConcurrentMedia = 1; c.Timeout = 2 * time.Second })
	env.fake.set(func(f *fakeLinkedIn) { f.dlDelay = 50 * time.Millisecond })
	var wg sync.WaitGroup
	for range 20 {
		for _, target := range []string{
			"/linkedin-api/image?urn=" + testImageURN,
			"/linkedin-api/image?urn=" + testThumbURN,
			"/linkedin-api/media/" + mediaKey(testVideoURN),
		} {
			wg.Go(func() {
				if rec := env.get(target); rec.Code != http.StatusOK {
					t.Errorf("%s: %d", target, rec.Code)
				}
			})
		}
	}
	wg.Wait()
	if n := env.fake.dlMaxInFlight.Load(); n != 1 {
		t.Errorf("max concurrent downloads %d, want 1", n)
	}
	if n := env.fake.dl.Load(); n != 3 {
		t.Errorf("%d downloads, want 3", n)
	}
}
