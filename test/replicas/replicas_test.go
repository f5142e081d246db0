// Package replicas checks the site's image as a feed owner (a volume) and
// web replicas (FEED_URL) against the project's fake LinkedIn
// (internal/fakelinkedin, in the test's process, counting its calls): what
// docs/deploy.md ("Replicas") promises. make test-image
// (scripts/test-image.sh) runs it with the image it builds; without
// REPLICAS_IMAGE it skips (harness_test.go).
//
//  1. LinkedIn's calls stay within LINKEDIN_DAILY_CALLS and are the same
//     with 2 web containers as with 1 (the same visitors' requests);
//  2. after a new post upstream and one refresh, both web containers answer
//     the same feed and the same media;
//  3. the owner restarted during a LinkedIn outage: both web containers keep
//     answering the last good feed and its media throughout, and the new
//     owner serves it from its snapshot;
//  4. web containers restarted one at a time under a bounded request loop
//     through a loopback load balancer (balancer_test.go): 0 failed requests;
//  5. a post deleted upstream: its media answer 404 after the next refresh,
//     also after a restart.
package replicas

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/fakelinkedin"
)

// basePosts are the generated posts beside the fixtures.
const basePosts = 2

func TestReplicas(t *testing.T) {
	h := newHarness(t)
	calls := map[int]int64{}
	for _, webs := range []int{1, 2} {
		t.Run(fmt.Sprintf("budget with %d web containers", webs), func(t *testing.T) {
			calls[webs] = h.budget(t, webs)
		})
	}
	if calls[1] != calls[2] {
		t.Errorf("budget: LinkedIn's calls depend on the number of web containers: %d with 1, %d with 2", calls[1], calls[2])
	}
	t.Run("scenarios", h.scenarios)
}

// budget: a day's worth of visitors compressed (every URL of the feed, 5
// times, spread over webs web containers) against a fresh owner with a
// budget of 12 calls and more images than that allows look-ups for:
// LinkedIn's calls stay within the budget, and the feed is still served.
// It returns the calls.
func (h *harness) budget(t *testing.T, webs int) int64 {
	const budget = 12
	fake := h.serveFake(t, basePosts+12)
	h.start(t, fmt.Sprintf("owner-budget%d", webs), h.ownerURL(), h.ownerEnv("1s", budget), "")
	for i := 1; i <= webs; i++ {
		h.start(t, fmt.Sprintf("web%d-budget%d", i, webs), h.webURL(i), nil, h.ownerURL())
	}
	feed := waitFeed(t, h.webURL(1), func(f []byte) bool { return bytes.Contains(f, []byte("Load-test post")) })
	urls := append([]string{"/linkedin-api"}, mediaURLs(feed)...)
	refused := 0
	for round := range 5 {
		refused = 0
		for i, u := range urls {
			if resolve(h.webURL(1+(i+round)%webs), u) == nil {
				refused++
			}
		}
	}
	time.Sleep(3 * time.Second) // several refresh intervals (INSIGHTS_TTL=1s)
	n := fake.APICalls()
	t.Logf("%d LinkedIn API calls (%s) for 5 rounds of %d URLs", n, byRoute(fake), len(urls))
	if n == 0 || n > budget {
		t.Errorf("%d LinkedIn API calls, want 1 to LINKEDIN_DAILY_CALLS=%d", n, budget)
	}
	if code := status(h.webURL(1), "/linkedin-api"); code != http.StatusOK {
		t.Errorf("the feed once the budget stops the media look-ups: %d, want 200", code)
	}
	if refused == 0 {
		t.Errorf("every one of the %d URLs was answered in the last round: the visitors did not ask for more than the budget allows, so it was not tested", len(urls))
	}
	return n
}

// scenarios: a new post, the owner restarted during an outage, web
// containers restarted under load, a post deleted upstream; one owner and
// two web containers throughout.
func (h *harness) scenarios(t *testing.T) {
	fake := h.serveFake(t, basePosts)
	owner := h.start(t, "owner", h.ownerURL(), h.ownerEnv("2s", 100000), "")
	webs := []string{h.start(t, "web1", h.webURL(1), nil, h.ownerURL()), h.start(t, "web2", h.webURL(2), nil, h.ownerURL())}
	first := waitFeed(t, h.webURL(1), func(f []byte) bool { return bytes.Contains(f, []byte("Load-test post 1")) })

	// A new post upstream, one refresh: the same feed and media on both.
	post, image := fake.Publish()
	if bytes.Contains(first, []byte(post)) {
		t.Fatalf("new post %s in the feed before it was published", post)
	}
	var feeds [2][]byte
	for i := range feeds {
		feeds[i] = waitFeed(t, h.webURL(i+1), func(f []byte) bool { return bytes.Contains(f, []byte(post)) })
	}
	if !bytes.Equal(feeds[0], feeds[1]) {
		t.Error("new post: the web containers answer different feeds")
	}
	imageURL := "/linkedin-api/image?urn=" + image
	if m1, m2 := resolve(h.webURL(1), imageURL), resolve(h.webURL(2), imageURL); len(m1) == 0 || !bytes.Equal(m1, m2) {
		t.Errorf("new post: its image from the web containers: %d and %d bytes, want the same bytes", len(m1), len(m2))
	}
	urls := mediaURLs(feeds[0])
	media := map[string][]byte{}
	for _, u := range urls {
		a, b := resolve(h.webURL(1), u), resolve(h.webURL(2), u)
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("new post: %s from the web containers: %d and %d bytes, want the same bytes", u, len(a), len(b))
		}
		media[u] = a
	}
	if len(urls) == 0 {
		t.Error("new post: no media in the feed")
	}

	h.ownerRestartDuringOutage(t, fake, owner, feeds[0], media)
	h.webRestartsUnderLoad(t, webs, append([]string{"/linkedin-api", "/", "/what-we-do"}, urls...))

	// A post deleted upstream: its media answer 404 after the next
	// refresh, also after a restart.
	mediaPath := "/linkedin-api/media/image-" + strings.TrimPrefix(image, "urn:li:image:")
	for i := 1; i <= 2; i++ {
		if code := status(h.webURL(i), mediaPath); code != http.StatusOK {
			t.Errorf("deleted post: web %d answers %d for its image while it is listed, want 200", i, code)
		}
	}
	fake.DeletePost(post)
	waitFeed(t, h.webURL(1), func(f []byte) bool { return !bytes.Contains(f, []byte(post)) })
	for i := 1; i <= 2; i++ {
		if a, b := status(h.webURL(i), mediaPath), status(h.webURL(i), imageURL); a != http.StatusNotFound || b != http.StatusNotFound {
			t.Errorf("deleted post: web %d answers %d for its image and %d for its image URL after the next refresh, want 404", i, a, b)
		}
	}
	h.restart(t, owner, h.ownerURL())
	h.restart(t, webs[0], h.webURL(1))
	if a, b := status(h.webURL(1), mediaPath), status(h.ownerURL(), mediaPath); a != http.StatusNotFound || b != http.StatusNotFound {
		t.Errorf("deleted post after the owner and a web container restart: web %d, owner %d, want 404", a, b)
	}
}

// ownerRestartDuringOutage: LinkedIn answers every call 500 while the owner
// restarts; both web containers answer good (the feed) and media
// throughout, and the new owner serves the feed from its snapshot.
func (h *harness) ownerRestartDuringOutage(t *testing.T, fake *fakelinkedin.Fake, owner string, good []byte, media map[string][]byte) {
	fake.Set(func(b *fakelinkedin.Behaviour) { b.Outage = true })
	defer fake.Set(func(b *fakelinkedin.Behaviour) { b.Outage = false })
	stop := make(chan struct{})
	var asked, bad atomic.Int64
	var wg sync.WaitGroup
	for i := 1; i <= 2; i++ {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				body, code := get(h.webURL(i) + "/linkedin-api")
				asked.Add(1)
				if code != http.StatusOK || !samePosts(body, good) {
					bad.Add(1)
				}
				for u, want := range media {
					asked.Add(1)
					if !bytes.Equal(resolve(h.webURL(i), u), want) {
						bad.Add(1)
					}
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
	h.restart(t, owner, h.ownerURL())
	time.Sleep(3 * time.Second) // past a refresh interval of the new owner, LinkedIn still down
	close(stop)
	wg.Wait()
	if bad.Load() != 0 || asked.Load() == 0 {
		t.Errorf("owner restart during an outage: %d of %d requests to the web containers not answered with the last good feed and its media", bad.Load(), asked.Load())
	}
	if feed, code := get(h.ownerURL() + "/linkedin-api"); code != http.StatusOK || !samePosts(feed, good) {
		t.Errorf("owner restart during an outage: the new owner answers the feed %d, want 200 with the last good posts (its snapshot)", code)
	}
	if !strings.Contains(h.logs(owner), "loaded feed snapshot") {
		t.Error("owner restart during an outage: the new owner's log does not say it loaded the feed snapshot")
	}
}

// webRestartsUnderLoad restarts the web containers one at a time, as
// Kubernetes rolls pods, under a request loop through the load balancer:
// no request may fail.
func (h *harness) webRestartsUnderLoad(t *testing.T, webs []string, paths []string) {
	lb := newBalancer([]string{h.webURL(1), h.webURL(2)})
	ln, err := net.Listen("tcp", h.lbAddr())
	if err != nil {
		t.Fatalf("listen for the load balancer: %v", err)
	}
	srv := &http.Server{Handler: lb, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go lb.probe(ctx, 200*time.Millisecond)
	loop := startLoop("http://"+h.lbAddr(), paths, 20000, 90*time.Second)
	for i, name := range webs {
		time.Sleep(time.Second)
		// As Kubernetes does with a pod that stops: out of the endpoints
		// first (readiness and the preStop sleep give the load balancers
		// that time), then SIGTERM and the drain.
		lb.remove(h.webURL(i + 1))
		time.Sleep(500 * time.Millisecond)
		h.restart(t, name, h.webURL(i+1))
		lb.add(h.webURL(i + 1))
	}
	time.Sleep(time.Second)
	res := loop.stop()
	t.Logf("web restarts under a request loop: %d requests through the load balancer, answered by each web container: %v", res.total, lb.counts())
	if res.total == 0 || res.failed != 0 || lb.served(h.webURL(1)) == 0 || lb.served(h.webURL(2)) == 0 {
		t.Errorf("web restarts one at a time under a request loop: %d requests, %d failed (first: %s), answered by each web container: %v", res.total, res.failed, res.first, lb.counts())
	}
}

// TestReplicaCalls is make bench's figure (docs/benchmarks.md), not a
// check: with a refresh every 2 s and a budget that never binds, the
// LinkedIn calls of 20 s of visitors' requests through each number of web
// containers REPLICAS_BENCH_WEBS lists (e.g. 1,2,6), by kind. It uses the
// ports REPLICAS_PORT+3 on for the web containers.
func TestReplicaCalls(t *testing.T) {
	list := os.Getenv("REPLICAS_BENCH_WEBS")
	if list == "" {
		t.Skip("REPLICAS_BENCH_WEBS not set (docs/benchmarks.md)")
	}
	h := newHarness(t)
	for _, w := range strings.Split(list, ",") {
		webs, err := strconv.Atoi(w)
		if err != nil || webs < 1 {
			t.Fatalf("REPLICAS_BENCH_WEBS %q: want numbers from 1", list)
		}
		t.Run(fmt.Sprintf("%d web containers", webs), func(t *testing.T) {
			fake := h.serveFake(t, basePosts)
			h.start(t, "owner-refresh", h.ownerURL(), h.ownerEnv("2s", 100000), "")
			for i := 1; i <= webs; i++ {
				h.start(t, fmt.Sprintf("web%d-refresh", i), h.webURL(i), nil, h.ownerURL())
			}
			feed := waitFeed(t, h.webURL(1), func(f []byte) bool { return bytes.Contains(f, []byte("Load-test post")) })
			urls := append([]string{"/linkedin-api"}, mediaURLs(feed)...)
			n := 0
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end); n++ {
				resolve(h.webURL(1+n%webs), urls[n%len(urls)])
			}
			t.Logf("bench: %d web container(s), refresh every 2 s, 20 s: %d visitors' requests, LinkedIn API calls %d (%s)", webs, n, fake.APICalls(), byRoute(fake))
		})
	}
}
