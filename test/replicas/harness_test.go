package replicas

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/fakelinkedin"
)

// harness runs the site's image in containers on the host's network, all
// on 127.0.0.1, from the environment make test-image (scripts/test-image.sh)
// sets: REPLICAS_IMAGE (required, else the test skips), REPLICAS_ENGINE
// (podman), REPLICAS_PORT (the first of five loopback ports: the fake
// LinkedIn, the owner, the load balancer, web 1 and web 2) and REPLICAS_NAME
// (the prefix of the containers' and volumes' names).
type harness struct {
	engine, image, prefix string
	port                  int
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{image: os.Getenv("REPLICAS_IMAGE"), engine: os.Getenv("REPLICAS_ENGINE"), prefix: os.Getenv("REPLICAS_NAME"), port: 19053}
	if h.image == "" {
		t.Skip("REPLICAS_IMAGE not set: make test-image runs this against the image it builds")
	}
	if h.engine == "" {
		h.engine = "podman"
	}
	if h.prefix == "" {
		h.prefix = fmt.Sprintf("veldhaven-replicas-%d", os.Getpid())
	}
	if p := os.Getenv("REPLICAS_PORT"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65530 {
			t.Fatalf("REPLICAS_PORT %q: want a port number", p)
		}
		h.port = n
	}
	return h
}

// Origins: the fake LinkedIn, the owner, the load balancer, web i.
func (h *harness) origin(port int) string { return fmt.Sprintf("http://127.0.0.1:%d", port) }
func (h *harness) fakeURL() string        { return h.origin(h.port) }
func (h *harness) ownerURL() string       { return h.origin(h.port + 1) }
func (h *harness) lbAddr() string         { return fmt.Sprintf("127.0.0.1:%d", h.port+2) }
func (h *harness) webURL(i int) string    { return h.origin(h.port + 2 + i) }

// serveFake serves a new fake LinkedIn (posts generated posts beside the
// fixtures) on the fake's port until t ends.
func (h *harness) serveFake(t *testing.T, posts int) *fakelinkedin.Fake {
	t.Helper()
	now := time.Now().UTC()
	f := fakelinkedin.New(h.fakeURL(), now.AddDate(-1, 0, 0).Format("200601"), now.Format("200601"), posts)
	ln, err := net.Listen("tcp", strings.TrimPrefix(h.fakeURL(), "http://"))
	if err != nil {
		t.Fatalf("listen for the fake LinkedIn: %v", err)
	}
	srv := &http.Server{Handler: f.Handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return f
}

// byRoute is the fake's API calls by route (what LinkedIn's daily limits
// count: not the downloads from its media host).
func byRoute(f *fakelinkedin.Fake) string {
	var out []string
	for _, route := range []string{"posts", "post", "images", "videos", "token"} {
		out = append(out, fmt.Sprintf("%s %d", route, f.Calls(route)))
	}
	return strings.Join(out, ", ")
}

// ownerEnv is a feed owner's environment: the fake, a refresh interval, a
// budget of LinkedIn calls a day.
func (h *harness) ownerEnv(ttl string, calls int) []string {
	return []string{
		"LINKEDIN_ACCESS_TOKEN=test-image", "LINKEDIN_ORGANIZATION_URN=urn:li:organization:1",
		"LINKEDIN_API_BASE=" + h.fakeURL(), "LINKEDIN_MEDIA_ORIGINS=" + h.fakeURL(),
		"INSIGHTS_TTL=" + ttl, fmt.Sprintf("LINKEDIN_DAILY_CALLS=%d", calls),
	}
}

// start runs a container of the image on the host's network, read-only,
// with a volume on /data, listening on origin (a web replica when feedURL
// is set), and waits until it is ready. Both go when t ends, after their
// logs when t failed.
func (h *harness) start(t *testing.T, name, origin string, env []string, feedURL string) string {
	t.Helper()
	name = h.prefix + "-" + name
	args := []string{"run", "-d", "--name", name, "--read-only", "--network", "host", "-v", name + ":/data", "-e", "LOG_LEVEL=info"}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	if feedURL != "" {
		args = append(args, "-e", "FEED_URL="+feedURL)
	}
	t.Cleanup(func() {
		_ = exec.Command(h.engine, "rm", "-f", "-t", "0", name).Run()
		_ = exec.Command(h.engine, "volume", "rm", "-f", name).Run()
	})
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("--- the last lines of %s's log:\n%s", name, tail(h.logs(name), 40))
		}
	})
	h.engineRun(t, append(args, h.image, "-addr", strings.TrimPrefix(origin, "http://"), "-drain", "5s")...)
	waitReady(t, origin)
	return name
}

func (h *harness) engineRun(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command(h.engine, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", h.engine, strings.Join(args, " "), err, out)
	}
}

// restart stops a container (SIGTERM and its drain) and starts it again.
func (h *harness) restart(t *testing.T, name, origin string) {
	t.Helper()
	h.engineRun(t, "restart", "-t", "10", name)
	waitReady(t, origin)
}

func (h *harness) logs(name string) string {
	out, _ := exec.Command(h.engine, "logs", name).CombinedOutput()
	return string(out)
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

var client = &http.Client{
	Timeout:       15 * time.Second,
	Transport:     &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 8},
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// get is the body and status of u; status 0 when there was no whole answer.
func get(u string) ([]byte, int) {
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

func status(origin, path string) int {
	_, code := get(origin + path)
	return code
}

func waitReady(t *testing.T, origin string) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if status(origin, "/readyz") == http.StatusOK {
			return
		}
	}
	t.Fatalf("%s/readyz never answered 200", origin)
}

// waitFeed polls origin's feed until ok says yes (at most 30 s).
func waitFeed(t *testing.T, origin string, ok func([]byte) bool) []byte {
	t.Helper()
	var last []byte
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if b, code := get(origin + "/linkedin-api"); code == http.StatusOK {
			if last = b; ok(b) {
				return b
			}
		}
	}
	t.Fatalf("%s/linkedin-api never became what was expected; last: %.300s", origin, last)
	return nil
}

// resolve asks origin for a media URL (/linkedin-api/image?urn= or video)
// and then for the bytes it names; for any other path, its body. nil when
// an answer was not 200.
func resolve(origin, path string) []byte {
	body, code := get(origin + path)
	if code != http.StatusOK {
		return nil
	}
	if !strings.Contains(path, "?urn=") {
		return body
	}
	var m struct{ DownloadURL, Thumbnail string }
	if json.Unmarshal(body, &m) != nil || m.DownloadURL+m.Thumbnail == "" {
		return nil
	}
	b, code := get(origin + m.DownloadURL + m.Thumbnail)
	if code != http.StatusOK {
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
	return len(fa.Elements) == len(fb.Elements)
}
