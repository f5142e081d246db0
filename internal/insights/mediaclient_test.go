package insights

import (
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

func TestRefusedAddr(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		refused bool
	}{
		{"127.0.0.1", true},
		{"127.8.9.10", true},
		{"::1", true},
		{"10.1.2.3", true},
		{"172.16.0.1", true},
		{"192.168.1.1", true},
		{"169.254.169.254", true}, // cloud metadata
		{"100.64.0.1", true},      // carrier-grade NAT
		{"100.127.255.254", true},
		{"fc00::1", true}, // unique-local
		{"fd12:3456::1", true},
		{"fe80::1", true},
		{"fe80::1%eth0", true},
		{"0.0.0.0", true},
		{"0.1.2.3", true},
		{"::", true},
		{"::ffff:127.0.0.1", true}, // IPv4-mapped
		{"::ffff:169.254.169.254", true},
		{"::ffff:10.0.0.1", true},
		{"::127.0.0.1", true},        // IPv4-compatible
		{"64:ff9b::7f00:1", true},    // NAT64 of 127.0.0.1
		{"64:ff9b::a9fe:a9fe", true}, // NAT64 of 169.254.169.254
		{"224.0.0.1", true},
		{"255.255.255.255", true},
		{"ff02::1", true},
		{"8.8.8.8", false},
		{"13.107.42.14", false},
		{"100.128.0.1", false},
		{"2a00:1450:4001::1", false},
		{"::ffff:8.8.8.8", false},
		{"64:ff9b::808:808", false}, // NAT64 of a public address
	} {
		a := netip.MustParseAddr(tc.addr)
		if got := refusedAddr(a); got != tc.refused {
			t.Errorf("refusedAddr(%s) = %v, want %v", tc.addr, got, tc.refused)
		}
	}
}

func TestParseMediaOrigins(t *testing.T) {
	m, err := parseMediaOrigins([]string{" https://Media.LICDN.com ", "https://dms.licdn.com:443", "http://127.0.0.1:9911"})
	if err != nil {
		t.Fatal(err)
	}
	for raw, want := range map[string]bool{
		"https://media.licdn.com/dms/image/x?e=1&t=sig": true,
		"https://media.licdn.com:443/x":                 true,
		"https://dms.licdn.com/x":                       true,
		"http://media.licdn.com/x":                      false, // scheme is part of the origin
		"https://media.licdn.com:8443/x":                false,
		"https://evil.media.licdn.com/x":                false,
		"https://media.licdn.com.evil.example/x":        false,
		"https://user@media.licdn.com/x":                false,
		"http://127.0.0.1:9911/download/x":              true,
		"http://127.0.0.1:9912/download/x":              false,
		"http://localhost:9911/download/x":              false,
		"http://[::ffff:127.0.0.1]:9911/download/x":     false,
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.allows(u); got != want {
			t.Errorf("allows(%s) = %v, want %v", raw, got, want)
		}
	}
	if !m.literal[netip.MustParseAddrPort("127.0.0.1:9911")] || len(m.literal) != 1 {
		t.Errorf("literal addresses %v, want only 127.0.0.1:9911", m.literal)
	}
	for _, bad := range [][]string{
		nil, {""}, {"ftp://media.licdn.com"}, {"https://"}, {"https://media.licdn.com/path"},
		{"https://media.licdn.com?q"}, {"https://u:p@media.licdn.com"}, {"media.licdn.com"},
	} {
		if _, err := parseMediaOrigins(bad); err == nil {
			t.Errorf("parseMediaOrigins(%q) accepted", bad)
		}
	}
}

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

// TestMediaSSRFRefused reproduces finding 1 of issue 23: an API answer (or
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
	m, err := parseMediaOrigins([]string{"http://media.example"})
	if err != nil {
		t.Fatal(err)
	}
	tr := newMediaClient(m).Transport.(*http.Transport)
	if tr.Proxy != nil {
		t.Fatal("the media transport takes a proxy")
	}
}

// TestMediaDialerRefusesInternalAddresses calls the dialer's check the way
// net.Dialer does, after resolution.
func TestMediaDialerRefusesInternalAddresses(t *testing.T) {
	m, err := parseMediaOrigins([]string{"https://media.licdn.com", "http://127.0.0.1:9911"})
	if err != nil {
		t.Fatal(err)
	}
	for addr, ok := range map[string]bool{
		"127.0.0.1:9911":          true, // named literally by an origin
		"[::ffff:127.0.0.1]:9911": true,
		"127.0.0.1:9912":          false,
		"127.0.0.1:443":           false,
		"169.254.169.254:80":      false,
		"[fd00::1]:443":           false,
		"100.64.1.1:443":          false,
		"13.107.42.14:443":        true,
		"[2a00:1450:4001::1]:443": true,
	} {
		err := m.dialControl(t.Context(), "tcp", addr, nil)
		if (err == nil) != ok {
			t.Errorf("dial %s: %v, want allowed=%v", addr, err, ok)
		}
	}
	// Through a real dial: localhost resolves to a loopback address.
	c := newMediaClient(m)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	m2, _ := parseMediaOrigins([]string{"http://localhost:" + port})
	c = newMediaClient(m2)
	if res, err := c.Get("http://localhost:" + port + "/x"); err == nil {
		res.Body.Close()
		t.Fatal("dialled localhost")
	} else if !strings.Contains(err.Error(), "not a public one") {
		t.Fatalf("error %v, want the address refused", err)
	}
}

// TestAPIRedirectsNotFollowed reproduces finding 2 of issue 23: the API
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

func TestTokenBucket(t *testing.T) {
	clock := newFakeClock()
	b := newTokenBucket(1, 3, clock.now)
	for i := range 3 {
		if ok, _ := b.take(); !ok {
			t.Fatalf("take %d refused", i)
		}
	}
	if ok, wait := b.take(); ok || wait != time.Second {
		t.Fatalf("empty bucket: %v %v", ok, wait)
	}
	clock.advance(10 * time.Second) // refills to the burst, not beyond
	n := 0
	for {
		if ok, _ := b.take(); !ok {
			break
		}
		n++
	}
	if n != 3 {
		t.Fatalf("%d tokens after a long pause, want 3", n)
	}
}

// FuzzMediaURLAllowed: whatever downloadUrl the API answers, it is allowed
// only on an origin of the list, with no user information, and the check
// never panics; the redacted form never keeps the query.
func FuzzMediaURLAllowed(f *testing.F) {
	for _, s := range []string{
		"https://media.licdn.com/dms/image/x?e=1&t=sig", "http://media.licdn.com/x", "https://media.licdn.com:443/x",
		"https://media.licdn.com.evil.example/x", "https://user@media.licdn.com/x", "http://[::ffff:127.0.0.1]:9911/x",
		"http://127.0.0.1:9911/x", "http://localhost:9911/x", "https://MEDIA.LICDN.COM./x", "//media.licdn.com/x",
		"https://media.licdn.com%2f@evil.example/", "http://169.254.169.254/latest/meta-data/",
	} {
		f.Add(s)
	}
	m, err := parseMediaOrigins([]string{"https://media.licdn.com", "https://dms.licdn.com", "http://127.0.0.1:9911"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := url.Parse(raw)
		if err != nil {
			return
		}
		if m.allows(u) {
			host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
			if u.User != nil || (host != "media.licdn.com" && host != "dms.licdn.com" && host != "127.0.0.1") {
				t.Fatalf("allowed %q (host %q)", raw, host)
			}
		}
		if red := redactURL(u); strings.Contains(red, "?") && u.RawQuery != "" && strings.Contains(red, u.RawQuery) {
			t.Fatalf("redacted %q keeps the query", red)
		}
	})
}

// FuzzRefusedAddr: an IPv6 form that carries an IPv4 address (mapped,
// compatible, NAT64) is judged as that address, so no spelling of an
// internal address passes.
func FuzzRefusedAddr(f *testing.F) {
	for _, b := range [][4]byte{{127, 0, 0, 1}, {169, 254, 169, 254}, {10, 0, 0, 1}, {100, 64, 0, 1}, {8, 8, 8, 8}, {0, 0, 0, 0}} {
		f.Add(b[0], b[1], b[2], b[3])
	}
	f.Fuzz(func(t *testing.T, a, b, c, d byte) {
		v4 := netip.AddrFrom4([4]byte{a, b, c, d})
		want := refusedAddr(v4)
		mapped := netip.AddrFrom16(netip.MustParseAddr("::ffff:" + v4.String()).As16())
		if refusedAddr(mapped) != want {
			t.Fatalf("%s refused=%v but %s refused=%v", v4, want, mapped, !want)
		}
		n64 := netip.MustParsePrefix("64:ff9b::/96").Addr().As16()
		copy(n64[12:], []byte{a, b, c, d})
		if refusedAddr(netip.AddrFrom16(n64)) != want {
			t.Fatalf("NAT64 form of %s judged differently", v4)
		}
		if !v4.IsUnspecified() && !v4.IsLoopback() && !(a == 0) {
			compat := [16]byte{}
			copy(compat[12:], []byte{a, b, c, d})
			if refusedAddr(netip.AddrFrom16(compat)) != want {
				t.Fatalf("IPv4-compatible form of %s judged differently", v4)
			}
		}
	})
}
