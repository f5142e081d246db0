package insights

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestSnapshotRestartDuringOutage checks that a good feed is snapshotted
// and that a restart serves it at once, without asking LinkedIn first, and
// goes on serving it (as stale) when LinkedIn is down.
func TestSnapshotRestartDuringOutage(t *testing.T) {
	dir := t.TempDir()
	env := newTestEnv(t, func(c *Config) { c.DataDir = dir })
	want := feedIDs(t, env.get("/linkedin-api").Body.Bytes())
	if _, err := readSnapshot(dir, 1<<20); err != nil {
		t.Fatal(err)
	}
	_ = env.svc.Close()

	// Restart against a dead upstream, ten seconds later.
	fake := newFakeLinkedIn(t)
	fake.srv.Close()
	clock := newFakeClock()
	clock.advance(10 * time.Second)
	cfg := Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: fake.srv.URL, Timeout: testTimeout, TTL: testTTL, DataDir: dir, DailyCalls: testDailyCalls}
	env2 := startEnvAt(t, cfg, fake, clock)
	if env2.wait != testTTL-10*time.Second {
		t.Errorf("first refresh in %v, want when the snapshot is one interval old (%v)", env2.wait, testTTL-10*time.Second)
	}
	if !env2.svc.Ready() {
		t.Error("not ready with a snapshot")
	}
	rec := env2.get("/linkedin-api")
	if rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "" {
		t.Fatalf("from the snapshot: status %d stale %q", rec.Code, rec.Header().Get("X-Feed-Stale"))
	}
	env2.step() // LinkedIn is down
	rec = env2.get("/linkedin-api")
	if rec.Code != http.StatusOK || rec.Header().Get("X-Feed-Stale") != "1" {
		t.Fatalf("during the outage: status %d stale %q", rec.Code, rec.Header().Get("X-Feed-Stale"))
	}
	if got := feedIDs(t, rec.Body.Bytes()); !reflect.DeepEqual(got, want) {
		t.Errorf("ids %v, want %v", got, want)
	}
}

// TestSnapshotFaults checks that a bad snapshot or data dir is logged and
// ignored: the service starts and serves from upstream.
func TestSnapshotFaults(t *testing.T) {
	good, _ := encodeSnapshot(snapshot{Source: testOrg, FetchedAt: time.Date(2024, 3, 1, 11, 0, 0, 0, time.UTC), Elements: []json.RawMessage{json.RawMessage(`{"id":"urn:li:share:9","lifecycleState":"PUBLISHED","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED"}}`)}})
	other, _ := encodeSnapshot(snapshot{Source: "urn:li:organization:1", FetchedAt: time.Now(), Elements: []json.RawMessage{}})
	cases := []struct {
		name     string
		prepare  func(t *testing.T, dir string) string // returns DataDir
		logWants string
	}{
		{"corrupt JSON", func(t *testing.T, dir string) string {
			writeTestFile(t, filepath.Join(dir, snapshotFile), []byte(`{"version":1,"fetchedAt":"2024-`))
			return dir
		}, "ignoring feed snapshot"},
		{"wrong version", func(t *testing.T, dir string) string {
			writeTestFile(t, filepath.Join(dir, snapshotFile), []byte(strings.Replace(string(good), `"version":1`, `"version":7`, 1)))
			return dir
		}, "unknown version"},
		{"another organization", func(t *testing.T, dir string) string {
			writeTestFile(t, filepath.Join(dir, snapshotFile), other)
			return dir
		}, "another organization"},
		{"snapshot is a directory", func(t *testing.T, dir string) string {
			if err := os.MkdirAll(filepath.Join(dir, snapshotFile, "x"), 0o755); err != nil {
				t.Fatal(err)
			}
			return dir
		}, snapshotFile + " not written"},
		{"data dir is a file", func(t *testing.T, dir string) string {
			writeTestFile(t, filepath.Join(dir, "file"), []byte("x"))
			return filepath.Join(dir, "file", "sub")
		}, "data dir unusable"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dataDir := tc.prepare(t, t.TempDir())
			env := newTestEnv(t, func(c *Config) { c.DataDir = dataDir })
			rec := env.get("/linkedin-api")
			if rec.Code != http.StatusOK || len(feedIDs(t, rec.Body.Bytes())) != 3 {
				t.Fatalf("status %d body %s", rec.Code, rec.Body)
			}
			// The snapshot is written just after the feed is installed.
			waitFor(t, func() bool { return strings.Contains(env.logs.String(), tc.logWants) })
		})
	}

	t.Run("valid snapshot makes ready before upstream answers", func(t *testing.T) {
		dir := t.TempDir()
		writeTestFile(t, filepath.Join(dir, snapshotFile), good)
		fake := newFakeLinkedIn(t)
		fake.set(func(f *fakeLinkedIn) { f.fault = faultHang })
		env := startEnv(t, Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: fake.srv.URL, Timeout: testTimeout, DataDir: dir}, fake)
		if !env.svc.Ready() {
			t.Error("not ready with a snapshot")
		}
		rec := env.get("/linkedin-api")
		if got := feedIDs(t, rec.Body.Bytes()); rec.Code != http.StatusOK || !reflect.DeepEqual(got, []string{"urn:li:share:9"}) {
			t.Errorf("status %d ids %v", rec.Code, got)
		}
	})
}

// TestDecodeSnapshot is a table of snapshot files.
func TestDecodeSnapshot(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		ok         bool
	}{
		{"valid", `{"version":1,"source":"urn:li:organization:1","fetchedAt":"2024-03-01T12:00:00Z","elements":[{"id":"a"}]}`, true},
		{"empty elements", `{"version":1,"fetchedAt":"2024-03-01T12:00:00Z","elements":[]}`, true},
		{"empty file", ``, false},
		{"null", `null`, false},
		{"array", `[]`, false},
		{"no version", `{"fetchedAt":"2024-03-01T12:00:00Z","elements":[]}`, false},
		{"no time", `{"version":1,"elements":[]}`, false},
		{"bad time", `{"version":1,"fetchedAt":"yesterday","elements":[]}`, false},
		{"no elements", `{"version":1,"fetchedAt":"2024-03-01T12:00:00Z"}`, false},
		{"null element", `{"version":1,"fetchedAt":"2024-03-01T12:00:00Z","elements":[null]}`, false},
		{"string element", `{"version":1,"fetchedAt":"2024-03-01T12:00:00Z","elements":["x"]}`, false},
		{"truncated", `{"version":1,"fetchedAt":"2024-03-01T12:00:00Z","elements":[{"id":`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeSnapshot([]byte(tc.data))
			if (err == nil) != tc.ok {
				t.Errorf("decodeSnapshot: err %v, want ok %v", err, tc.ok)
			}
		})
	}
}

func writeTestFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSnapshotOfTheVersionBefore checks that a snapshot written before the
// reposted posts' refusals were kept (no refusedReshares) still loads and is
// served at once; the refused reposted post is then asked for once.
func TestSnapshotOfTheVersionBefore(t *testing.T) {
	dir := t.TempDir()
	old := `{"version":1,"source":"` + testOrg + `","fetchedAt":"2024-03-01T11:59:30Z","elements":[` +
		`{"id":"urn:li:share:9","lifecycleState":"PUBLISHED","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED"},"reshareContext":{"parent":"urn:li:share:77"}}]}`
	writeTestFile(t, filepath.Join(dir, snapshotFile), []byte(old))
	fake := newFakeLinkedIn(t)
	env := startEnv(t, Config{AccessToken: testToken, OrganizationURN: testOrg, APIBase: fake.srv.URL, Timeout: testTimeout, TTL: testTTL, DataDir: dir, DailyCalls: testDailyCalls}, fake)
	if env.wait != testTTL-30*time.Second || fake.posts.Load() != 0 {
		t.Errorf("first refresh in %v after %d calls, want in %v after none", env.wait, fake.posts.Load(), testTTL-30*time.Second)
	}
	if rec := env.get("/linkedin-api"); rec.Code != http.StatusOK || !reflect.DeepEqual(feedIDs(t, rec.Body.Bytes()), []string{"urn:li:share:9"}) {
		t.Errorf("old snapshot: %d %s", rec.Code, rec.Body)
	}
}

// encodeSnapshot renders a snapshot as the service writes it.
func encodeSnapshot(s snapshot) ([]byte, error) {
	s.Version = snapshotVersion
	return json.Marshal(s)
}

// TestFeedAge: the connection's Stale follows the feed's own staleness:
// older than two refresh intervals, or none after a refresh was tried.
func TestFeedAge(t *testing.T) {
	now := time.Date(2027, 1, 10, 12, 0, 0, 0, time.UTC)
	c := newFeedCache(time.Second, time.Hour, func() time.Time { return now }, nil)
	if c.old() {
		t.Fatal("stale before any refresh was tried")
	}
	c.failed(errors.New("down"))
	if !c.old() {
		t.Fatal("no feed after a failed refresh is not stale")
	}
	for _, tc := range []struct {
		age  time.Duration
		want bool
	}{{time.Hour, false}, {2 * time.Hour, false}, {2*time.Hour + time.Second, true}, {-time.Minute, true}} {
		c.succeeded(&feed{fetchedAt: now.Add(-tc.age)})
		if got := c.old(); got != tc.want {
			t.Errorf("a feed %v old: stale %v, want %v", tc.age, got, tc.want)
		}
	}
}
