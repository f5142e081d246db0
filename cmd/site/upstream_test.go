package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Against the real program (this test binary
// re-executed into run, configured from the environment as in production):
// a LinkedIn API whose answers point the server at its own network.

// insideHost stands for anything on the server's own network.
type insideHost struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []string // method, path and the secrets that reached it
}

func newInsideHost(t *testing.T) *insideHost {
	h := &insideHost{}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.seen = append(h.seen, fmt.Sprintf("%s %s auth=%q body=%q", r.Method, r.URL.Path, r.Header.Get("Authorization"), body))
		h.mu.Unlock()
		w.Header().Set("Content-Type", "image/gif")
		_, _ = w.Write([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")) // an image: it would have been served
	}))
	t.Cleanup(h.srv.Close)
	return h
}

func (h *insideHost) requests() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.seen...)
}

const (
	childEnv = "SITE_UPSTREAM_CHILD"
	// childArgsEnv holds flags the child gets besides -addr and -drain.
	childArgsEnv = "SITE_UPSTREAM_CHILD_ARGS"
)

// startSite runs the program with env and returns its origin and a reader
// of its log; it is stopped with SIGTERM at cleanup.
func startSite(t *testing.T, env map[string]string) (string, *logTail) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunChild$")
	cmd.Env = append(os.Environ(), childEnv+"=1", "DATA_DIR="+t.TempDir(), "CMS_LOCAL_BACKEND=", "CMS_GITHUB_CLIENT_ID=",
		"CMS_GITHUB_CLIENT_SECRET=", "CMS_GITHUB_REPO=", "CMS_GITHUB_BRANCH=", "CMS_STATE_KEY=", "LOG_LEVEL=info")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	logs := &logTail{}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		re := regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)
		for sc.Scan() {
			logs.add(sc.Text())
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a, logs
	case <-time.After(20 * time.Second):
		t.Fatalf("the site did not start:\n%s", logs)
	}
	return "", nil
}

// TestRunChild is the program itself when re-executed by startSite.
func TestRunChild(t *testing.T) {
	if os.Getenv(childEnv) != "1" {
		t.Skip("runs only as the child of an upstream test")
	}
	args := []string{"-addr", "127.0.0.1:0", "-drain", "1s"}
	args = append(args, strings.Fields(os.Getenv(childArgsEnv))...)
	if err := run(args, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

type logTail struct {
	mu    sync.Mutex
	lines []string
}

func (l *logTail) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, s)
}

// waitFor waits up to 5 s for n lines holding s, and returns the log.
func (l *logTail) waitFor(s string, n int) string {
	deadline := time.Now().Add(5 * time.Second)
	for strings.Count(l.String(), s) < n && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	return l.String()
}

func (l *logTail) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

const (
	upstreamToken  = "AQX-upstream-token-never-elsewhere"
	upstreamSecret = "client-secret-never-elsewhere"
	upstreamOrg    = "urn:li:organization:10482193"
)

// postsWith is /rest/posts with one image post per URN, in LinkedIn's shape
// (https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api).
func postsWith(urns ...string) []byte {
	var elements []map[string]any
	for i, urn := range urns {
		elements = append(elements, map[string]any{
			"id": fmt.Sprintf("urn:li:share:%d", i+1), "author": upstreamOrg, "commentary": "Post", "createdAt": 1700000000000 + i,
			"lifecycleState": "PUBLISHED", "visibility": "PUBLIC", "content": map[string]any{"media": map[string]any{"id": urn}},
			"distribution": map[string]any{"feedDistribution": "MAIN_FEED"},
		})
	}
	b, _ := json.Marshal(map[string]any{"elements": elements})
	return b
}

func get(t *testing.T, target string) (int, string) {
	t.Helper()
	res, err := http.Get(target)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestMediaNeverFetchedFromInside: downloadUrls on loopback (by address, by
// name, IPv4-mapped), at the metadata address, and a redirect from the
// allowed host to loopback are all refused; nothing reaches the inside host,
// nothing is served, the log shows no signature.
func TestMediaNeverFetchedFromInside(t *testing.T) {
	inside := newInsideHost(t)
	in, _ := url.Parse(inside.srv.URL)
	dl := map[string]string{
		"urn:li:image:C4D22AQLoopback01":  inside.srv.URL + "/a.gif?t=SIGNATURE",
		"urn:li:image:C4D22AQLocalhost1":  "http://localhost:" + in.Port() + "/b.gif?t=SIGNATURE",
		"urn:li:image:C4D22AQMappedAddr1": "http://[::ffff:127.0.0.1]:" + in.Port() + "/c.gif?t=SIGNATURE",
		"urn:li:image:C4D22AQMetadata01":  "http://169.254.169.254/latest/meta-data/?t=SIGNATURE",
		"urn:li:image:C4D22AQRedirected1": "", // filled in below: a redirect on the allowed host
	}
	urns := make([]string, 0, len(dl))
	for urn := range dl {
		urns = append(urns, urn)
	}
	var api *httptest.Server
	api = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/rest/posts":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(postsWith(urns...))
		case strings.HasPrefix(r.URL.Path, "/rest/images/"):
			urn := strings.TrimPrefix(r.URL.Path, "/rest/images/")
			target := dl[urn]
			if target == "" {
				target = api.URL + "/hop?t=SIGNATURE"
			}
			// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]any{"id": urn, "status": "AVAILABLE", "downloadUrl": target})
		case r.URL.Path == "/hop":
			http.Redirect(w, r, inside.srv.URL+"/d.gif?t=SIGNATURE", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	defer api.Close()
	site, logs := startSite(t, map[string]string{
		"LINKEDIN_ACCESS_TOKEN": upstreamToken, "LINKEDIN_ORGANIZATION_URN": upstreamOrg,
		"LINKEDIN_API_BASE": api.URL, "LINKEDIN_MEDIA_ORIGINS": api.URL, "INSIGHTS_TIMEOUT": "2s",
	})
	for urn := range dl {
		status, body := get(t, site+"/linkedin-api/image?urn="+url.QueryEscape(urn))
		if status != http.StatusNotFound || !strings.Contains(body, "media not found") {
			t.Errorf("%s: %d %s, want 404 media not found", urn, status, body)
		}
	}
	if seen := inside.requests(); len(seen) != 0 {
		t.Errorf("the inside host was reached: %v", seen)
	}
	// The log is written in batches (logwriter.go): wait for the lines.
	out := logs.waitFor("media: refused", len(dl))
	if strings.Count(out, "media: refused") < len(dl) {
		t.Errorf("want a refusal logged per item:\n%s", out)
	}
	if strings.Contains(out, "SIGNATURE") || strings.Contains(out, upstreamToken) {
		t.Errorf("the log shows a signed URL's query or the token:\n%s", out)
	}
}

// TestSecretsNeverFollowRedirects: the API answers 302 to the same host on
// another port, the token endpoint 307 to it; neither is followed, so the
// token, the refresh token and the client secret reach nothing else.
func TestSecretsNeverFollowRedirects(t *testing.T) {
	for _, tc := range []struct {
		name       string
		posts      func(w http.ResponseWriter, r *http.Request, inside string)
		token      func(w http.ResponseWriter, r *http.Request, inside string)
		wantReason string
	}{
		{"302 from the API to another port",
			func(w http.ResponseWriter, r *http.Request, inside string) {
				http.Redirect(w, r, inside+r.URL.RequestURI(), http.StatusFound)
			}, nil, `posts: redirected (HTTP 302)`},
		{"307 from the token endpoint",
			func(w http.ResponseWriter, r *http.Request, inside string) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnauthorized)
				_, _ = io.WriteString(w, `{"status":401,"code":"EXPIRED_ACCESS_TOKEN","message":"expired"}`)
			},
			func(w http.ResponseWriter, r *http.Request, inside string) {
				http.Redirect(w, r, inside+"/oauth", http.StatusTemporaryRedirect)
			}, `token: redirected (HTTP 307)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inside := newInsideHost(t)
			api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/oauth/v2/accessToken" && tc.token != nil {
					tc.token(w, r, inside.srv.URL)
					return
				}
				tc.posts(w, r, inside.srv.URL)
			}))
			defer api.Close()
			site, logs := startSite(t, map[string]string{
				"LINKEDIN_ACCESS_TOKEN": upstreamToken, "LINKEDIN_ORGANIZATION_URN": upstreamOrg, "LINKEDIN_API_BASE": api.URL,
				"LINKEDIN_REFRESH_TOKEN": "refresh-never-elsewhere", "LINKEDIN_CLIENT_ID": "client", "LINKEDIN_CLIENT_SECRET": upstreamSecret,
				"LINKEDIN_TOKEN_URL": api.URL + "/oauth/v2/accessToken", "INSIGHTS_TIMEOUT": "2s",
			})
			if status, _ := get(t, site+"/linkedin-api"); status != http.StatusBadGateway {
				t.Errorf("feed: %d, want 502", status)
			}
			if seen := inside.requests(); len(seen) != 0 {
				t.Errorf("a redirect was followed: %v", seen)
			}
			if !strings.Contains(logs.waitFor(tc.wantReason, 1), tc.wantReason) {
				t.Errorf("log lacks %q:\n%s", tc.wantReason, logs)
			}
		})
	}
}

// TestFindingFiveAgainstTheProgram: the sign-in's redirect and cookie do
// not follow the Host header, thousands of ranges get at most the file, and
// a 60 KB method is clipped in the log.
func TestFindingFiveAgainstTheProgram(t *testing.T) {
	site, logs := startSite(t, map[string]string{
		"LINKEDIN_ACCESS_TOKEN": "", "LINKEDIN_ORGANIZATION_URN": "", "SITE_URL": "https://www.example.com",
		"CMS_GITHUB_CLIENT_ID": "client-id", "CMS_GITHUB_CLIENT_SECRET": "client-secret-value", "CMS_GITHUB_REPO": "veldhaven/site",
	})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	req, _ := http.NewRequest("GET", site+"/admin/auth?provider=github&scope=repo", nil)
	req.Host = "evil.example"
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	loc, _ := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusFound || loc.Query().Get("redirect_uri") != "https://www.example.com/admin/callback" {
		t.Errorf("sign-in: %d, redirect_uri %q, want SITE_URL's callback", res.StatusCode, loc.Query().Get("redirect_uri"))
	}
	if c := res.Cookies(); len(c) != 1 || c[0].Name != "__Host-cms_oauth" || !c[0].Secure || c[0].Path != "/" {
		t.Errorf("state cookie %v, want __Host-cms_oauth, Secure, Path=/", c)
	}

	const pdf = "/media/documents/code-of-conduct.pdf"
	_, whole := get(t, site+pdf)
	parts := make([]string, 6223)
	for i := range parts {
		parts[i] = fmt.Sprintf("%d-%d", i, i)
	}
	req, _ = http.NewRequest("GET", site+pdf, nil)
	req.Header.Set("Range", "bytes="+strings.Join(parts, ","))
	res, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || len(body) != len(whole) {
		t.Errorf("6223 ranges: %d with %d bytes, want 200 with the whole file (%d bytes)", res.StatusCode, len(body), len(whole))
	}

	req, _ = http.NewRequest(strings.Repeat("M", 60<<10), site+"/", nil)
	if res, err = client.Do(req); err == nil {
		res.Body.Close()
	}
	out := logs.waitFor(`"method":"MMMM`, 1)
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"method":"MMMM`) && len(line) > 1024 {
			t.Errorf("a log line of %d bytes for a long method", len(line))
		}
	}
	if strings.Contains(out, "client-secret-value") {
		t.Error("the client secret reached the log")
	}
}
