// Command replicatest is part of make test-image (scripts/test-image.sh),
// never of the site: it runs the site's image as a feed owner (with a
// volume) and web replicas (FEED_URL) against the project's fake LinkedIn
// (internal/fakelinkedin, in this process, counting its calls), and checks
// what docs/deploy.md ("Replicas") promises:
//
//  1. after a new post upstream and one refresh, both web containers answer
//     the same feed and the same media;
//  2. LinkedIn's calls stay within LINKEDIN_DAILY_CALLS and are the same
//     with 2 web containers as with 1 (the same visitors' requests);
//  3. the owner restarted during a LinkedIn outage: both web containers keep
//     answering the last good feed and its media throughout, and the new
//     owner serves it from its snapshot;
//  4. web containers restarted one at a time under a bounded request loop
//     through a loopback load balancer (lb.go): 0 failed requests;
//  5. a post deleted upstream: its media answer 404 after the next refresh,
//     also after a restart.
//
// Every server listens on 127.0.0.1 only (the containers share the host's
// network, as in the rest of test-image), on ports -port and the four after
// it. It prints "ok"/"FAIL" lines like test-image and exits 1 on a failure.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/veldhaven/site/internal/fakelinkedin"
)

func main() {
	engine := flag.String("engine", "podman", "container engine")
	image := flag.String("image", "", "the site's image")
	port := flag.Int("port", 19053, "first of the loopback ports: the fake LinkedIn, the owner, the load balancer, then one per web container")
	webs := flag.String("budget-webs", "1,2", "web containers in each run of the budget check (comma-separated)")
	benchOnly := flag.Bool("bench", false, "run the budget check only, and print the LinkedIn calls of each run (docs/benchmarks.md)")
	prefix := flag.String("name", fmt.Sprintf("veldhaven-replicas-%d", os.Getpid()), "prefix of the containers' and volumes' names")
	flag.Parse()
	if *image == "" {
		fmt.Fprintln(os.Stderr, "replicatest: -image is required")
		os.Exit(2)
	}
	r := &run{engine: *engine, image: *image, prefix: *prefix, base: *port, bench: *benchOnly}
	for _, w := range strings.Split(*webs, ",") {
		var n int
		if _, err := fmt.Sscan(w, &n); err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "replicatest: -budget-webs %q: want numbers from 1\n", *webs)
			os.Exit(2)
		}
		r.budgetWebs = append(r.budgetWebs, n)
	}
	code := r.main()
	os.Exit(code)
}

// run is one run of the checks.
type run struct {
	engine, image, prefix string
	base                  int
	budgetWebs            []int
	bench                 bool

	fake    *switchable
	passed  int
	failed  int
	created []string // containers
	volumes []string
}

const (
	org       = "urn:li:organization:1"
	basePosts = 2 // generated posts beside the fixtures; the new post is the third
	budget    = 12
)

// Ports: the fake LinkedIn, the owner, the load balancer, then web i.
func (r *run) fakePort() int     { return r.base }
func (r *run) ownerPort() int    { return r.base + 1 }
func (r *run) lbPort() int       { return r.base + 2 }
func (r *run) webPort(i int) int { return r.base + 2 + i }

func (r *run) check(name string, ok bool) {
	if ok {
		r.passed++
		fmt.Println("test-image: ok   " + name)
	} else {
		r.failed++
		fmt.Println("test-image: FAIL " + name)
	}
}

func (r *run) main() (code int) {
	defer r.cleanup()
	defer func() {
		if p := recover(); p != nil {
			fmt.Printf("test-image: FAIL %v\n", p)
			r.dumpLogs()
			code = 1
		}
	}()
	fakeURL := fmt.Sprintf("http://127.0.0.1:%d", r.fakePort())
	r.fake = newSwitchable(fakeURL, basePosts)
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", r.fakePort()))
	must(err, "listen for the fake LinkedIn")
	srv := &http.Server{Handler: r.fake, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()

	r.budgetSameForOneAndTwo()
	if r.bench {
		r.refreshes()
	} else {
		r.scenarios()
	}

	fmt.Printf("test-image: replicas: %d passed, %d failed\n", r.passed, r.failed)
	if r.failed > 0 {
		r.dumpLogs()
		return 1
	}
	return 0
}

// ownerEnv is the owner's environment: the fake, a short TTL, a budget.
func (r *run) ownerEnv(ttl string, calls int) []string {
	fakeURL := fmt.Sprintf("http://127.0.0.1:%d", r.fakePort())
	return []string{
		"LINKEDIN_ACCESS_TOKEN=test-image", "LINKEDIN_ORGANIZATION_URN=" + org,
		"LINKEDIN_API_BASE=" + fakeURL, "LINKEDIN_MEDIA_ORIGINS=" + fakeURL,
		"INSIGHTS_TTL=" + ttl, fmt.Sprintf("LINKEDIN_DAILY_CALLS=%d", calls),
	}
}

// budgetSameForOneAndTwo: the same visitors' requests, through 1 and then
// 2 web containers, each time with a fresh owner: LinkedIn's calls stay
// within the budget and are the same count.
func (r *run) budgetSameForOneAndTwo() {
	counts := map[int]int64{}
	for _, webs := range r.budgetWebs {
		r.fake.mark()
		r.fake.reset(basePosts + 12) // more images than the budget allows look-ups for
		owner := r.start("owner-budget"+fmt.Sprint(webs), r.ownerPort(), "vol-owner-budget"+fmt.Sprint(webs), r.ownerEnv("1s", budget), "")
		var webNames []string
		for i := 1; i <= webs; i++ {
			webNames = append(webNames, r.start(fmt.Sprintf("web%d-budget%d", i, webs), r.webPort(i), fmt.Sprintf("vol-web%d-budget%d", i, webs), nil, r.ownerURL()))
		}
		// A day's worth of visitors compressed: every URL of the feed, many
		// times, spread over the web containers.
		feed := r.waitFeed(r.webURL(1), func(f []byte) bool { return bytes.Contains(f, []byte("Load-test post")) })
		urls := mediaURLs(feed)
		refused := 0
		for round := range 5 {
			refused = 0
			for i, u := range append([]string{"/linkedin-api"}, urls...) {
				web := r.webURL(1 + (i+round)%webs)
				if r.resolve(web, u) == nil {
					refused++
				}
			}
		}
		time.Sleep(3 * time.Second) // several refresh intervals (INSIGHTS_TTL=1s)
		counts[webs] = r.fake.apiCalls()
		r.check(fmt.Sprintf("budget: %d web container(s): %d LinkedIn API calls (%s) for 5 rounds of %d URLs, within LINKEDIN_DAILY_CALLS=%d", webs, counts[webs], r.fake.byRoute(), len(urls)+1, budget),
			counts[webs] > 0 && counts[webs] <= budget)
		r.check(fmt.Sprintf("budget: %d web container(s): the feed is still served once the budget stops the media look-ups", webs),
			r.status(r.webURL(1), "/linkedin-api") == 200)
		r.check(fmt.Sprintf("budget: %d web container(s): the visitors asked for more than the budget allows (%d of %d URLs still without an answer in the last round)", webs, refused, len(urls)+1), refused > 0)
		r.remove(append(webNames, owner)...)
	}
	same := true
	var list []string
	for _, webs := range r.budgetWebs {
		same = same && counts[webs] == counts[r.budgetWebs[0]]
		list = append(list, fmt.Sprintf("%d with %d", counts[webs], webs))
	}
	r.check(fmt.Sprintf("budget: the same LinkedIn calls whatever the number of web containers (%s)", strings.Join(list, ", ")), same)
}

// refreshes (make bench's figure, not a check): with a refresh every 2 s and a
// budget that never binds, the calls of 20 s of visitors' requests through
// 1, 2 and 6 web containers, by kind.
func (r *run) refreshes() {
	for _, webs := range r.budgetWebs {
		r.fake.mark()
		r.fake.reset(basePosts)
		owner := r.start(fmt.Sprintf("owner-refresh%d", webs), r.ownerPort(), fmt.Sprintf("vol-owner-refresh%d", webs), r.ownerEnv("2s", 100000), "")
		var names []string
		for i := 1; i <= webs; i++ {
			names = append(names, r.start(fmt.Sprintf("web%d-refresh%d", i, webs), r.webPort(i), fmt.Sprintf("vol-web%d-refresh%d", i, webs), nil, r.ownerURL()))
		}
		feed := r.waitFeed(r.webURL(1), func(f []byte) bool { return bytes.Contains(f, []byte("Load-test post")) })
		urls := append([]string{"/linkedin-api"}, mediaURLs(feed)...)
		end := time.Now().Add(20 * time.Second)
		n := 0
		for time.Now().Before(end) {
			r.resolve(r.webURL(1+n%webs), urls[n%len(urls)])
			n++
		}
		fmt.Printf("bench: %d web container(s), refresh every 2 s, 20 s: %d visitors' requests, LinkedIn API calls %d (%s)\n", webs, n, r.fake.apiCalls(), r.fake.byRoute())
		r.remove(append(names, owner)...)
	}
}

// scenarios: a new post, the owner restarted during an outage, web
// containers restarted under load, a post deleted upstream.
func (r *run) scenarios() {
	r.fake.reset(basePosts)
	owner := r.start("owner", r.ownerPort(), "vol-owner", r.ownerEnv("2s", 100000), "")
	web1 := r.start("web1", r.webPort(1), "vol-web1", nil, r.ownerURL())
	web2 := r.start("web2", r.webPort(2), "vol-web2", nil, r.ownerURL())
	webs := []string{web1, web2}
	first := r.waitFeed(r.webURL(1), func(f []byte) bool { return bytes.Contains(f, []byte("Load-test post 1")) })

	// 1. A new post upstream, one refresh: the same feed and media on both.
	const newPost = "Load-test post 2 "
	r.check("new post: not in the feed before", !bytes.Contains(first, []byte(newPost)))
	r.fake.reset(basePosts + 1)
	feeds := [2][]byte{}
	for i := range 2 {
		feeds[i] = r.waitFeed(r.webURL(i+1), func(f []byte) bool { return bytes.Contains(f, []byte(newPost)) })
	}
	r.check("new post: both web containers answer it after one refresh", bytes.Contains(feeds[0], []byte(newPost)) && bytes.Contains(feeds[1], []byte(newPost)))
	r.check("new post: both answer the same feed", bytes.Equal(feeds[0], feeds[1]))
	newImage := "urn:li:image:C4D22AQLoadTest0002"
	m1, m2 := r.resolve(r.webURL(1), "/linkedin-api/image?urn="+newImage), r.resolve(r.webURL(2), "/linkedin-api/image?urn="+newImage)
	r.check(fmt.Sprintf("new post: both answer its image, the same bytes (%d, %d bytes)", len(m1), len(m2)), len(m1) > 0 && bytes.Equal(m1, m2))
	urls := mediaURLs(feeds[0])
	same := len(urls) > 0
	media := map[string][]byte{}
	for _, u := range urls {
		a, b := r.resolve(r.webURL(1), u), r.resolve(r.webURL(2), u)
		same = same && len(a) > 0 && bytes.Equal(a, b)
		media[u] = a
	}
	r.check(fmt.Sprintf("new post: every media item of the feed the same on both (%d)", len(urls)), same)

	// 3. The owner restarted during a LinkedIn outage.
	good := feeds[0]
	r.fake.outage(true)
	stop := make(chan struct{})
	var bad atomic.Int64
	var asked atomic.Int64
	var wg sync.WaitGroup
	for i := 1; i <= 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				body, code := r.get(r.webURL(i) + "/linkedin-api")
				asked.Add(1)
				if code != 200 || !samePosts(body, good) {
					bad.Add(1)
				}
				for u, want := range media {
					got := r.resolveQuiet(r.webURL(i), u)
					asked.Add(1)
					if !bytes.Equal(got, want) {
						bad.Add(1)
					}
				}
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}
	r.engineRun("restart", "-t", "10", owner)
	r.waitReady(r.ownerURL())
	time.Sleep(3 * time.Second) // past a refresh interval of the new owner, LinkedIn still down
	close(stop)
	wg.Wait()
	r.check(fmt.Sprintf("owner restart during an outage: both web containers answered the last good feed and its media throughout (%d requests, %d not)", asked.Load(), bad.Load()), bad.Load() == 0 && asked.Load() > 0)
	ownerFeed, code := r.get(r.ownerURL() + "/linkedin-api")
	r.check(fmt.Sprintf("owner restart during an outage: the new owner serves the feed from its snapshot (%d)", code), code == 200 && samePosts(ownerFeed, good))
	r.check("... and its log says so", strings.Contains(r.logs(owner), "loaded feed snapshot"))
	r.fake.outage(false)

	// 4. Web containers restarted one at a time under a bounded request loop.
	lb := newBalancer([]string{r.webURL(1), r.webURL(2)})
	lbSrv := &http.Server{Addr: fmt.Sprintf("127.0.0.1:%d", r.lbPort()), Handler: lb, ReadHeaderTimeout: 5 * time.Second}
	lbLn, err := net.Listen("tcp", lbSrv.Addr)
	must(err, "listen for the load balancer")
	go func() { _ = lbSrv.Serve(lbLn) }()
	ctx, cancel := context.WithCancel(context.Background())
	go lb.probe(ctx, 200*time.Millisecond)
	loop := startLoop(fmt.Sprintf("http://127.0.0.1:%d", r.lbPort()), append([]string{"/linkedin-api", "/", "/what-we-do"}, urls...), 20000, 90*time.Second)
	for i, name := range webs {
		time.Sleep(time.Second)
		// As Kubernetes does with a pod that stops: out of the endpoints
		// first (readiness and the preStop sleep give the load balancers
		// that time), then SIGTERM and the drain.
		lb.remove(r.webURL(i + 1))
		time.Sleep(500 * time.Millisecond)
		r.engineRun("restart", "-t", "10", name)
		r.waitReady(r.webURL(i + 1))
		lb.add(r.webURL(i + 1))
	}
	time.Sleep(time.Second)
	res := loop.stop()
	cancel()
	_ = lbSrv.Close()
	r.check(fmt.Sprintf("web restarts one at a time under a request loop: %d requests, %d failed %s(through the load balancer; answered by each web container: %v)", res.total, res.failed, res.first, lb.counts()),
		res.total > 0 && res.failed == 0 && lb.served(r.webURL(1)) > 0 && lb.served(r.webURL(2)) > 0)

	// 5. A post deleted upstream: its media answer 404 after the next
	// refresh, also after a restart.
	newMedia := "/linkedin-api/media/image-C4D22AQLoadTest0002"
	r.check("deleted post: its media answer 200 while it is listed", r.status(r.webURL(1), newMedia) == 200 && r.status(r.webURL(2), newMedia) == 200)
	r.fake.reset(basePosts)
	r.waitFeed(r.webURL(1), func(f []byte) bool { return !bytes.Contains(f, []byte(newPost)) })
	for i := 1; i <= 2; i++ {
		r.check(fmt.Sprintf("deleted post: web %d answers 404 for its image and its image URL after the next refresh", i),
			r.status(r.webURL(i), newMedia) == 404 && r.status(r.webURL(i), "/linkedin-api/image?urn="+newImage) == 404)
	}
	r.engineRun("restart", "-t", "10", owner)
	r.engineRun("restart", "-t", "10", web1)
	r.waitReady(r.ownerURL())
	r.waitReady(r.webURL(1))
	r.check("deleted post: still 404 after the owner and a web container restart",
		r.status(r.webURL(1), newMedia) == 404 && r.status(r.ownerURL(), newMedia) == 404)
}

func (r *run) ownerURL() string    { return fmt.Sprintf("http://127.0.0.1:%d", r.ownerPort()) }
func (r *run) webURL(i int) string { return fmt.Sprintf("http://127.0.0.1:%d", r.webPort(i)) }
func must(err error, what string) {
	if err != nil {
		panic(fmt.Sprintf("%s: %v", what, err))
	}
}

// start runs a container of the image on the host's network, read-only,
// with a volume on /data; a web container when feedURL is set.
func (r *run) start(name string, port int, volume string, env []string, feedURL string) string {
	name = r.prefix + "-" + name
	volume = r.prefix + "-" + volume
	args := []string{"run", "-d", "--name", name, "--read-only", "--network", "host", "-v", volume + ":/data", "-e", "LOG_LEVEL=info"}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	if feedURL != "" {
		args = append(args, "-e", "FEED_URL="+feedURL)
	}
	args = append(args, r.image, "-addr", fmt.Sprintf("127.0.0.1:%d", port), "-drain", "5s")
	r.created = append(r.created, name)
	r.volumes = append(r.volumes, volume)
	r.engineRun(args...)
	r.waitReady(fmt.Sprintf("http://127.0.0.1:%d", port))
	return name
}

func (r *run) remove(names ...string) {
	for _, n := range names {
		_ = exec.Command(r.engine, "rm", "-f", "-t", "0", n).Run()
	}
}

func (r *run) engineRun(args ...string) {
	out, err := exec.Command(r.engine, args...).CombinedOutput()
	if err != nil {
		panic(fmt.Sprintf("%s %s: %v\n%s", r.engine, strings.Join(args, " "), err, out))
	}
}

func (r *run) logs(name string) string {
	out, _ := exec.Command(r.engine, "logs", name).CombinedOutput()
	return string(out)
}

func (r *run) dumpLogs() {
	for _, n := range r.created {
		if exec.Command(r.engine, "container", "exists", n).Run() == nil {
			fmt.Fprintf(os.Stderr, "--- logs of %s\n%s", n, tail(r.logs(n), 40))
		}
	}
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func (r *run) cleanup() {
	r.remove(r.created...)
	for _, v := range r.volumes {
		_ = exec.Command(r.engine, "volume", "rm", "-f", v).Run()
	}
}

var client = &http.Client{
	Timeout:       15 * time.Second,
	Transport:     &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 8},
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

func (r *run) get(u string) ([]byte, int) {
	resp, err := client.Get(u)
	if err != nil {
		return nil, 0
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, 0
	}
	return b, resp.StatusCode
}

func (r *run) status(origin, path string) int {
	_, code := r.get(origin + path)
	return code
}

func (r *run) waitReady(origin string) {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if _, code := r.get(origin + "/readyz"); code == 200 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	panic(origin + "/readyz never answered 200")
}

// waitFeed polls origin's feed until ok says yes (at most 30 s).
func (r *run) waitFeed(origin string, ok func([]byte) bool) []byte {
	deadline := time.Now().Add(30 * time.Second)
	var last []byte
	for time.Now().Before(deadline) {
		if b, code := r.get(origin + "/linkedin-api"); code == 200 {
			last = b
			if ok(b) {
				return b
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	panic(fmt.Sprintf("%s/linkedin-api never became what was expected; last: %.300s", origin, last))
}

// resolve asks origin for a media URL (/linkedin-api/image?urn= or video)
// and then for the bytes it names; for any other path, its body.
func (r *run) resolve(origin, path string) []byte {
	return r.resolveQuiet(origin, path)
}

func (r *run) resolveQuiet(origin, path string) []byte {
	body, code := r.get(origin + path)
	if code != 200 {
		return nil
	}
	if !strings.Contains(path, "?urn=") {
		return body
	}
	var m struct{ DownloadURL, Thumbnail string }
	if json.Unmarshal(body, &m) != nil || m.DownloadURL+m.Thumbnail == "" {
		return nil
	}
	b, code := r.get(origin + m.DownloadURL + m.Thumbnail)
	if code != 200 {
		return nil
	}
	return b
}

var mediaURN = regexp.MustCompile(`urn:li:(image|video):[A-Za-z0-9_-]{8,64}`)

// mediaURLs are the image and video URLs of a feed's media.
func mediaURLs(feed []byte) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range mediaURN.FindAllSubmatch(feed, -1) {
		u := fmt.Sprintf("/linkedin-api/%s?urn=%s", m[1], m[0])
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// samePosts: two feed answers list the same posts (the stale flag and
// headers aside, the body of a copy is the owner's body).
func samePosts(a, b []byte) bool {
	var fa, fb struct {
		Elements []json.RawMessage `json:"elements"`
	}
	if json.Unmarshal(a, &fa) != nil || json.Unmarshal(b, &fb) != nil || len(fa.Elements) == 0 {
		return false
	}
	return bytes.Equal(a, b) || len(fa.Elements) == len(fb.Elements)
}

// switchable is the fake LinkedIn with a post added or deleted (a new fake
// with more or fewer generated posts) and an outage (every connection
// closed unanswered: LinkedIn unreachable); it counts the API calls of
// every fake it has been since the last mark.
type switchable struct {
	url string
	mu  sync.Mutex
	cur http.Handler
	all []*fakelinkedin.Fake
	off bool
}

func newSwitchable(url string, posts int) *switchable {
	s := &switchable{url: url}
	s.reset(posts)
	return s
}

// reset serves posts generated posts from now on (the fixtures beside).
func (s *switchable) reset(posts int) {
	now := time.Now().UTC()
	f := fakelinkedin.New(s.url, now.AddDate(-1, 0, 0).Format("200601"), now.Format("200601"), posts)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur = f.Handler()
	s.all = append(s.all, f)
}

// mark starts a new count of API calls (with the next reset).
func (s *switchable) mark() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all = nil
}

func (s *switchable) outage(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.off = on
}

// apiCalls counts the API calls (what LinkedIn's daily limits count: not
// the downloads from its media host) since the mark.
func (s *switchable) apiCalls() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for _, f := range s.all {
		for _, route := range []string{"posts", "post", "images", "videos", "token"} {
			n += f.Calls(route)
		}
	}
	return n
}

// byRoute is the API calls since the mark, by route.
func (s *switchable) byRoute() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, route := range []string{"posts", "post", "images", "videos", "token"} {
		var n int64
		for _, f := range s.all {
			n += f.Calls(route)
		}
		out = append(out, fmt.Sprintf("%s %d", route, n))
	}
	return strings.Join(out, ", ")
}

func (s *switchable) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	s.mu.Lock()
	h, off := s.cur, s.off
	s.mu.Unlock()
	if off {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				_ = conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	h.ServeHTTP(w, req)
}
