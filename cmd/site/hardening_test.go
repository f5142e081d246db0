package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Against the program.

// listeningAddrs waits for n "listening" lines in the log and returns their
// addresses in order (the public one first).
func listeningAddrs(t *testing.T, logs *logTail, n int) []string {
	t.Helper()
	out := logs.waitFor(`"msg":"listening"`, n)
	var addrs []string
	for _, m := range regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`).FindAllStringSubmatch(out, -1) {
		addrs = append(addrs, "http://"+m[1])
	}
	if len(addrs) != n {
		t.Fatalf("%d listening addresses, want %d:\n%s", len(addrs), n, out)
	}
	return addrs
}

// TestMetricsPrivateByDefault: /metrics is the site's 404 page on the
// public address unless asked for there with -public-metrics; with
// METRICS_ADDR it is served on that address only.
func TestMetricsPrivateByDefault(t *testing.T) {
	const metric = "veldhaven_build_info"
	t.Run("no settings", func(t *testing.T) {
		site, logs := startSite(t, map[string]string{"METRICS_ADDR": ""})
		status, body := get(t, site+"/metrics")
		if status != http.StatusNotFound || strings.Contains(body, metric) || !strings.Contains(body, "<html") {
			t.Errorf("public /metrics: %d %.200s, want the 404 page", status, body)
		}
		if addrs := listeningAddrs(t, logs, 1); addrs[0] != site {
			t.Errorf("listening on %v", addrs)
		}
	})
	t.Run("METRICS_ADDR", func(t *testing.T) {
		_, logs := startSite(t, map[string]string{"METRICS_ADDR": "127.0.0.1:0"})
		addrs := listeningAddrs(t, logs, 2)
		if status, body := get(t, addrs[0]+"/metrics"); status != http.StatusNotFound || strings.Contains(body, metric) {
			t.Errorf("public /metrics: %d, want 404", status)
		}
		if status, body := get(t, addrs[1]+"/metrics"); status != http.StatusOK || !strings.Contains(body, metric) {
			t.Errorf("METRICS_ADDR /metrics: %d %.200s, want 200 with the metrics", status, body)
		}
	})
	t.Run("-public-metrics", func(t *testing.T) {
		site, _ := startSite(t, map[string]string{"METRICS_ADDR": "", childArgsEnv: "-public-metrics"})
		if status, body := get(t, site+"/metrics"); status != http.StatusOK || !strings.Contains(body, metric) {
			t.Errorf("public /metrics with -public-metrics: %d, want 200", status)
		}
	})
}

// TestRangesAgainstTheProgram: ten one-byte ranges of the 108-byte
// robots.txt (1,476 bytes before) are answered with at most the file and
// one set of headers; a single range is still 206, an unsatisfiable one 416.
func TestRangesAgainstTheProgram(t *testing.T) {
	site, _ := startSite(t, map[string]string{"SITE_URL": "http://localhost:8080"})
	_, robots := get(t, site+"/robots.txt")
	if len(robots) != 108 {
		t.Fatalf("robots.txt is %d bytes, the finding's was 108", len(robots))
	}
	// The answer as the wire carries it, headers and all.
	raw := func(ranges string) (status int, headers, body string) {
		t.Helper()
		conn, err := net.Dial("tcp", strings.TrimPrefix(site, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
		fmt.Fprintf(conn, "GET /robots.txt HTTP/1.1\r\nHost: localhost\r\nRange: %s\r\nConnection: close\r\n\r\n", ranges)
		all, err := io.ReadAll(bufio.NewReader(conn))
		if err != nil {
			t.Fatal(err)
		}
		headers, body, _ = strings.Cut(string(all), "\r\n\r\n")
		if _, err := fmt.Sscanf(headers, "HTTP/1.1 %d", &status); err != nil {
			t.Fatalf("answer %q", all)
		}
		return status, headers, body
	}
	_, plainHeaders, _ := raw("items=0-1") // not a byte range: the whole file, as without Range
	parts := make([]string, 10)
	for i := range parts {
		parts[i] = fmt.Sprintf("%d-%d", 2*i, 2*i)
	}
	status, headers, body := raw("bytes=" + strings.Join(parts, ","))
	if status != http.StatusOK || body != robots {
		t.Errorf("10 ranges: %d with %d bytes, want 200 and the file", status, len(body))
	}
	// "One set of headers": those of a plain answer, give or take the Date.
	if limit := len(robots) + len(plainHeaders) + 64; len(headers)+4+len(body) > limit {
		t.Errorf("10 ranges: %d bytes on the wire, want at most %d", len(headers)+4+len(body), limit)
	}
	if status, headers, body := raw("bytes=0-9"); status != http.StatusPartialContent || body != robots[:10] ||
		!strings.Contains(headers, "Content-Range: bytes 0-9/108") {
		t.Errorf("single range: %d %q", status, body)
	}
	if status, _, _ := raw("bytes=500-600"); status != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("unsatisfiable range: %d, want 416", status)
	}
}

// TestStateKeyAcrossProcesses: two processes with the same CMS_STATE_KEY
// (two web replicas) accept each other's sign-in state; without it each
// refuses the other's. The callback carries GitHub's access_denied, so
// nothing is exchanged and nothing leaves loopback: 403 means the state
// was accepted, 400 that it was not.
func TestStateKeyAcrossProcesses(t *testing.T) {
	for _, tc := range []struct {
		name, key string
		status    int
	}{
		{"CMS_STATE_KEY set", "K7gNU3sdo+OL0wNhqoVWhr3g6s1xYv72ol/pe/Unols=", http.StatusForbidden},
		{"a key per process", "", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{
				"SITE_URL": "https://www.example.com", "CMS_STATE_KEY": tc.key,
				"CMS_GITHUB_CLIENT_ID": "client-id", "CMS_GITHUB_CLIENT_SECRET": "client-secret-value", "CMS_GITHUB_REPO": "veldhaven/site",
			}
			a, aLogs := startSite(t, env)
			b, _ := startSite(t, env)
			client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			res, err := client.Get(a + "/admin/auth?provider=github&scope=repo")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			loc, err := url.Parse(res.Header.Get("Location"))
			if err != nil || len(res.Cookies()) != 1 {
				t.Fatalf("auth: %d %v", res.StatusCode, res.Cookies())
			}
			req, _ := http.NewRequest("GET", b+"/admin/callback?error=access_denied&state="+url.QueryEscape(loc.Query().Get("state")), nil)
			req.AddCookie(res.Cookies()[0])
			res, err = client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tc.status {
				t.Errorf("callback on the other process: %d, want %d", res.StatusCode, tc.status)
			}
			// Logged before the "listening" line startSite waited for.
			noted := strings.Contains(aLogs.String(), "CMS_STATE_KEY is not set")
			if noted != (tc.key == "") {
				t.Errorf("start log notes a missing CMS_STATE_KEY: %v, want %v", noted, tc.key == "")
			}
			if tc.key != "" && strings.Contains(aLogs.String(), tc.key) {
				t.Error("the state key reached the log")
			}
		})
	}
}
