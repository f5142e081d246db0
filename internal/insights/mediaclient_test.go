package insights

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/veldhaven/site/internal/linkedin"
)

func TestMediaOriginsFromEnv(t *testing.T) {
	env := map[string]string{"LINKEDIN_MEDIA_ORIGINS": "https://media.licdn.com, http://127.0.0.1:9911"}
	cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil || len(cfg.MediaOrigins) != 2 {
		t.Fatalf("ConfigFromEnv: %v %v", cfg.MediaOrigins, err)
	}
	env["LINKEDIN_MEDIA_ORIGINS"] = "https://media.licdn.com/dms"
	if _, err := ConfigFromEnv(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "LINKEDIN_MEDIA_ORIGINS") {
		t.Fatalf("a path in an origin: %v", err)
	}
	if got := (Config{}).withDefaults().MediaOrigins; len(got) != 2 || got[0] != "https://media.licdn.com" || got[1] != "https://dms.licdn.com" {
		t.Fatalf("default media origins %v", got)
	}
}

// internalHost stands for anything on the server's own network: it counts
// every request that reaches it and would hand over an image.
type internalHost struct {
	srv  *httptest.Server
	hits atomic.Int64
	auth atomic.Value // last Authorization header seen
	body atomic.Value // last request body seen
}

func newInternalHost(t *testing.T) *internalHost {
	t.Helper()
	h := &internalHost{}
	img := testJPEG(t)
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.hits.Add(1)
		h.auth.Store(r.Header.Get("Authorization"))
		b, _ := io.ReadAll(r.Body)
		h.body.Store(string(b))
		w.Header().Set("Content-Type", "image/jpeg")
		_, _ = w.Write(img)
	}))
	t.Cleanup(h.srv.Close)
	return h
}

// hostileLinkedIn is an API whose media metadata points wherever the test
// says (downloadURL), with a legitimate download host under /dl/ and
// redirects under /hop/{n} (n more hops to /dl/) and /redirect?to=.
type hostileLinkedIn struct {
	srv         *httptest.Server
	mu          sync.Mutex
	downloadURL func(id string) string
}

func newHostileLinkedIn(t *testing.T) *hostileLinkedIn {
	t.Helper()
	f := &hostileLinkedIn{}
	img, mp4 := testJPEG(t), testMP4(t)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /rest/posts", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(testPostsJSON())
	})
	meta := func(w http.ResponseWriter, r *http.Request) {
		urn := r.PathValue("urn")
		id := urn[strings.LastIndexByte(urn, ':')+1:]
		f.mu.Lock()
		dl := f.downloadURL(id)
		f.mu.Unlock()
		// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": urn, "status": "AVAILABLE", "downloadUrl": dl, "downloadUrlExpiresAt": 1727000000000})
	}
	mux.HandleFunc("GET /rest/images/{urn}", meta)
	mux.HandleFunc("GET /rest/videos/{urn}", meta)
	mux.HandleFunc("GET /dl/{id}", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.PathValue("id"), "D4") {
			w.Header().Set("Content-Type", "video/mp4")
			_, _ = w.Write(mp4)
			return
		}
		w.Header().Set("Content-Type", "image/jpeg")
		_, _ = w.Write(img)
	})
	mux.HandleFunc("GET /hop/{n}/{id}", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		next := "/dl/" + r.PathValue("id")
		if n > 1 {
			next = "/hop/" + strconv.Itoa(n-1) + "/" + r.PathValue("id")
		}
		http.Redirect(w, r, next+"?t=signature", http.StatusFound)
	})
	mux.HandleFunc("GET /redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
	})
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	f.downloadURL = func(id string) string { return f.srv.URL + "/dl/" + id + "?t=signature" }
	return f
}

// startHostileService is a LinkedIn-backed service against f, its logs in
// the returned buffer.
func startHostileService(t *testing.T, f *hostileLinkedIn, edit func(*Config)) (*Service, *syncBuffer) {
	t.Helper()
	cfg := Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: f.srv.URL, Timeout: testTimeout,
		MediaOrigins: []string{f.srv.URL}}
	if edit != nil {
		edit(&cfg)
	}
	logs := &syncBuffer{}
	svc, err := newService(cfg, slog.New(slog.NewTextHandler(logs, nil)), prometheus.NewRegistry(), nil, time.Now, realAfter)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = svc.Close() })
	waitFor(t, svc.Ready)
	return svc, logs
}

func serve(h http.Handler, target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

// TestMediaSSRFRefused: an API answer (or
// a redirect) pointing the media download at the server's own network. The
// internal host is never reached, the item is answered as missing, and the
// log names the refusal without the signed URL's query string.
func TestMediaSSRFRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		// dl is the downloadUrl the API answers, given the fake's and the
		// internal host's origins.
		dl      func(fake, internal string) string
		origins func(fake, internal string) []string
	}{
		{"loopback on another port", func(_, in string) string { return in + "/secret.jpg?t=signature" }, nil},
		{"localhost", func(_, in string) string {
			return strings.Replace(in, "127.0.0.1", "localhost", 1) + "/x.jpg?t=signature"
		}, nil},
		{"IPv4-mapped loopback", func(_, in string) string {
			return strings.Replace(in, "127.0.0.1", "[::ffff:127.0.0.1]", 1) + "/x.jpg?t=signature"
		}, nil},
		{"cloud metadata", func(_, _ string) string { return "http://169.254.169.254/latest/meta-data/?t=signature" }, nil},
		{"redirect off the list", func(fake, in string) string {
			return fake + "/redirect?to=" + url.QueryEscape(strings.Replace(in, "127.0.0.1", "localhost", 1)+"/secret.jpg?t=signature")
		}, nil},
		{"redirect to another port of the same host", func(fake, in string) string {
			return fake + "/redirect?to=" + url.QueryEscape(in+"/secret.jpg?t=signature")
		}, nil},
		{"allowed name that resolves to loopback", func(_, in string) string {
			return strings.Replace(in, "127.0.0.1", "localhost", 1) + "/x.jpg?t=signature"
		}, func(fake, in string) []string {
			return []string{fake, strings.Replace(in, "127.0.0.1", "localhost", 1)}
		}},
		{"more than three redirects", func(fake, _ string) string { return fake + "/hop/4/C4D22AQFx4nG7Gm1bVQ?t=signature" }, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			internal := newInternalHost(t)
			f := newHostileLinkedIn(t)
			f.downloadURL = func(string) string { return tc.dl(f.srv.URL, internal.srv.URL) }
			svc, logs := startHostileService(t, f, func(c *Config) {
				if tc.origins != nil {
					c.MediaOrigins = tc.origins(f.srv.URL, internal.srv.URL)
				}
			})
			h := svc.Handler()
			for _, target := range []string{"/linkedin-api/image?urn=" + testImageURN, "/linkedin-api/media/" + mediaKey(testImageURN)} {
				rec := serve(h, target)
				if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "media not found") {
					t.Errorf("%s: %d %s, want 404 media not found", target, rec.Code, rec.Body)
				}
			}
			if n := internal.hits.Load(); n != 0 {
				t.Errorf("the internal host was reached %d times", n)
			}
			out := logs.String()
			if !strings.Contains(out, "media: refused") {
				t.Errorf("no refusal in the log:\n%s", out)
			}
			if strings.Contains(out, "signature") {
				t.Errorf("the log shows the signed URL's query string:\n%s", out)
			}
		})
	}
}

// TestMediaFromAllowedOrigin: the allow-list lets LinkedIn's media (here
// the fake's) through, with up to three redirects on it.
func TestMediaFromAllowedOrigin(t *testing.T) {
	for _, tc := range []struct {
		name string
		dl   func(fake string) string
	}{
		{"direct", func(fake string) string { return fake + "/dl/C4D22AQFx4nG7Gm1bVQ?t=signature" }},
		{"three redirects", func(fake string) string { return fake + "/hop/3/C4D22AQFx4nG7Gm1bVQ?t=signature" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newHostileLinkedIn(t)
			f.downloadURL = func(string) string { return tc.dl(f.srv.URL) }
			svc, _ := startHostileService(t, f, nil)
			rec := serve(svc.Handler(), "/linkedin-api/media/"+mediaKey(testImageURN))
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" {
				t.Fatalf("%d %s", rec.Code, rec.Header().Get("Content-Type"))
			}
		})
	}
}

// TestMediaClientIgnoresProxyEnv: a proxy from the environment would dial
// for the client, past the address check.
func TestMediaClientIgnoresProxyEnv(t *testing.T) {
	proxy := newInternalHost(t)
	t.Setenv("HTTP_PROXY", proxy.srv.URL)
	t.Setenv("HTTPS_PROXY", proxy.srv.URL)
	m, err := linkedin.ParseMediaOrigins([]string{"http://media.example"})
	if err != nil {
		t.Fatal(err)
	}
	tr := linkedin.NewMediaClient(m).Transport.(*http.Transport)
	if tr.Proxy != nil {
		t.Fatal("the media transport takes a proxy")
	}
}

// TestAPIRedirectsNotFollowed: the API
// redirects to the same host on another port (Go would resend the bearer
// token there), and the token endpoint answers 307 to another host (Go
// would re-post the client secret and refresh token). Neither is followed.
func TestAPIRedirectsNotFollowed(t *testing.T) {
	t.Run("302 from the API to another port", func(t *testing.T) {
		elsewhere := newInternalHost(t)
		api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, elsewhere.srv.URL+r.URL.RequestURI(), http.StatusFound)
		}))
		defer api.Close()
		logs := &syncBuffer{}
		svc, err := newService(Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: api.URL, Timeout: testTimeout},
			slog.New(slog.NewTextHandler(logs, nil)), prometheus.NewRegistry(), nil, time.Now, realAfter)
		if err != nil {
			t.Fatal(err)
		}
		defer svc.Close()
		waitFor(t, svc.Ready)
		if rec := serve(svc.Handler(), "/linkedin-api"); rec.Code != http.StatusBadGateway {
			t.Errorf("feed: %d, want 502", rec.Code)
		}
		if n := elsewhere.hits.Load(); n != 0 {
			t.Errorf("the redirect was followed %d times (Authorization %q)", n, elsewhere.auth.Load())
		}
		if !strings.Contains(logs.String(), "posts: redirected (HTTP 302)") {
			t.Errorf("no redirect reason in the log:\n%s", logs)
		}
	})
	t.Run("307 from the token endpoint", func(t *testing.T) {
		elsewhere := newInternalHost(t)
		api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/oauth/v2/accessToken" {
				http.Redirect(w, r, elsewhere.srv.URL+"/steal", http.StatusTemporaryRedirect)
				return
			}
			writeLinkedInError(w, http.StatusUnauthorized, "EXPIRED_ACCESS_TOKEN")
		}))
		defer api.Close()
		logs := &syncBuffer{}
		svc, err := newService(Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: api.URL,
			TokenURL: api.URL + "/oauth/v2/accessToken", RefreshToken: "refresh-secret", ClientID: "client", ClientSecret: "client-secret",
			Timeout: testTimeout}, slog.New(slog.NewTextHandler(logs, nil)), prometheus.NewRegistry(), nil, time.Now, realAfter)
		if err != nil {
			t.Fatal(err)
		}
		defer svc.Close()
		waitFor(t, svc.Ready)
		if rec := serve(svc.Handler(), "/linkedin-api"); rec.Code != http.StatusBadGateway {
			t.Errorf("feed: %d, want 502", rec.Code)
		}
		if n := elsewhere.hits.Load(); n != 0 {
			t.Errorf("the token request was re-posted %d times (body %q)", n, elsewhere.body.Load())
		}
		out := logs.String()
		if !strings.Contains(out, "token: redirected (HTTP 307)") {
			t.Errorf("no redirect reason in the log:\n%s", out)
		}
		for _, secret := range []string{"refresh-secret", "client-secret", testToken} {
			if strings.Contains(out, secret) {
				t.Errorf("the log shows %q", secret)
			}
		}
	})
}

// TestMediaFetchBudget: visitors cannot make the site download from
// LinkedIn faster than the token bucket allows; a spent budget is a 503
// with Retry-After, not remembered as the item's failure.
func TestMediaFetchBudget(t *testing.T) {
	f := newHostileLinkedIn(t)
	clock := newFakeClock()
	cfg := Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: f.srv.URL, Timeout: testTimeout,
		MediaOrigins: []string{f.srv.URL}, MediaFetchBurst: 2, MediaFetchRate: 0.5}
	svc, err := newService(cfg, nil, prometheus.NewRegistry(), nil, clock.now, realAfter)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	waitFor(t, svc.Ready)
	h := svc.Handler()
	for _, urn := range []string{testImageURN, testThumbURN} {
		if rec := serve(h, "/linkedin-api/media/"+mediaKey(urn)); rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", urn, rec.Code)
		}
	}
	rec := serve(h, "/linkedin-api/media/"+mediaKey(testVideoURN))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "2" {
		t.Fatalf("third download: %d Retry-After %q, want 503 and 2", rec.Code, rec.Header().Get("Retry-After"))
	}
	// Cached items cost nothing.
	if rec := serve(h, "/linkedin-api/media/"+mediaKey(testImageURN)); rec.Code != http.StatusOK {
		t.Fatalf("cached item: %d", rec.Code)
	}
	clock.advance(2 * time.Second)
	if rec := serve(h, "/linkedin-api/media/"+mediaKey(testVideoURN)); rec.Code != http.StatusOK {
		t.Fatalf("after the refill: %d %s", rec.Code, rec.Body)
	}
}
