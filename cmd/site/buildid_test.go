package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBuildIDFromLinkerFlag builds the program the way the Makefile and the
// Dockerfile do (-X main.buildID=...) and asks the running binary: a renamed
// variable would make the linker drop the flag without a word.
func TestBuildIDFromLinkerFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the program")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build the program: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "site")
	const id, date = "ldflags-7e57", "2026-11-23"
	build := exec.Command(goTool, "build", "-trimpath", "-ldflags", "-X main.buildID="+id+" -X main.buildDate="+date, "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	site := t.TempDir()
	for name, html := range map[string]string{"index.html": "<h1>Home</h1>", "404.html": "<h1>404</h1>"} {
		if err := os.WriteFile(filepath.Join(site, name), []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-addr", "127.0.0.1:0", "-metrics-addr", "127.0.0.1:0",
		"-site-dir", site, "-data-dir", t.TempDir())
	cmd.Env = []string{"HOME=" + t.TempDir()}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()

	// The log names the build, then the public address, then the metrics one.
	var logged, loggedDate string
	var addrs []string
	scanner := bufio.NewScanner(stdout)
	for len(addrs) < 2 && scanner.Scan() {
		var line struct {
			Msg     string `json:"msg"`
			Addr    string `json:"addr"`
			BuildID string `json:"build_id"`
			Date    string `json:"build_date"`
		}
		if err := json.Unmarshal(scanner.Bytes(), &line); err != nil {
			continue
		}
		switch line.Msg {
		case "build":
			logged, loggedDate = line.BuildID, line.Date
		case "listening":
			addrs = append(addrs, line.Addr)
		}
	}
	if len(addrs) < 2 {
		t.Fatalf("the program did not log two listening addresses: %v", scanner.Err())
	}
	if logged != id || loggedDate != date {
		t.Errorf("start log names build %q of %q, want %q of %q", logged, loggedDate, id, date)
	}
	for _, p := range []string{"/healthz", "/readyz"} {
		resp, err := http.Get("http://" + addrs[0] + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("X-Build-Id"); got != id {
			t.Errorf("%s: X-Build-Id %q, want %q", p, got, id)
		}
	}
	resp, err := http.Get("http://" + addrs[1] + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body strings.Builder
	if _, err := bufio.NewReader(resp.Body).WriteTo(&body); err != nil {
		t.Fatal(err)
	}
	if want := `veldhaven_build_info{build_id="` + id + `"} 1`; !strings.Contains(body.String(), want) {
		t.Errorf("metrics lack %s", want)
	}
}

func TestParseBuildDate(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    string
		wantErr bool
	}{
		{"", "0001-01-01", false},
		{"2026-11-23", "2026-11-23", false},
		{"23-11-2026", "", true},
		{"2026-11-23T10:00:00Z", "2026-11-23", false},
		{"2026-11-23T01:00:00+02:00", "2026-11-22", false},
		{"2026-11-23 10:00", "", true},
	} {
		got, err := parseBuildDate(tc.in)
		if (err != nil) != tc.wantErr || (err == nil && got.Format(time.DateOnly) != tc.want) {
			t.Errorf("parseBuildDate(%q) = %v, %v; want %s (error %v)", tc.in, got, err, tc.want, tc.wantErr)
		}
	}
}
