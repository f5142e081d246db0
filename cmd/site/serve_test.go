package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func startServe(t *testing.T, h http.Handler, tm timeouts, drain time.Duration) (addr string, stop context.CancelFunc, done <-chan error) {
	t.Helper()
	srv := newHTTPServer("127.0.0.1:0", h, tm)
	lns, err := listen([]*http.Server{srv})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errs := make(chan error, 1)
	go func() { errs <- serve(ctx, []*http.Server{srv}, lns, drain, quiet) }()
	t.Cleanup(cancel)
	return lns[0].Addr().String(), cancel, errs
}

func TestShutdownDrainsRequestsInFlight(t *testing.T) {
	started := make(chan struct{})
	release := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		_, _ = io.WriteString(w, "finished")
	})
	addr, stop, done := startServe(t, h, defaultTimeouts, 5*time.Second)

	result := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + addr + "/slow")
		if err != nil {
			result <- "error: " + err.Error()
			return
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		result <- string(body)
	}()
	<-started
	stop()
	// New connections are refused once shutdown has begun.
	deadline := time.Now().Add(2 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err != nil {
			break
		}
		_ = conn.Close()
		if time.Now().After(deadline) {
			t.Fatal("still accepting connections after shutdown began")
		}
		time.Sleep(20 * time.Millisecond)
	}
	close(release)
	if got := <-result; got != "finished" {
		t.Fatalf("request in flight got %q", got)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v, want nil", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not return after the drain")
	}
}

func TestShutdownGivesUpAfterTheDrain(t *testing.T) {
	started := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-r.Context().Done()
	})
	addr, stop, done := startServe(t, h, defaultTimeouts, 200*time.Millisecond)
	go func() { _, _ = http.Get("http://" + addr + "/") }()
	<-started
	begin := time.Now()
	stop()
	select {
	case err := <-done:
		if err == nil {
			t.Error("want an error when requests outlive the drain")
		}
		if elapsed := time.Since(begin); elapsed > 2*time.Second {
			t.Errorf("took %v, want about the drain time", elapsed)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve hung past the drain")
	}
}

func TestSlowlorisIsCutOff(t *testing.T) {
	tm := defaultTimeouts
	tm.readHeader = 300 * time.Millisecond
	addr, _, _ := startServe(t, http.NotFoundHandler(), tm, time.Second)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n")
	start := time.Now()
	// Trickle a header byte at a time; the server must hang up anyway.
	for i := 0; i < 50; i++ {
		if _, err := io.WriteString(conn, "X"); err != nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, err = bufio.NewReader(conn).ReadString('\n')
	if err == nil {
		// A 408 line is acceptable; the connection must close after it.
		_, err = io.ReadAll(conn)
	}
	if elapsed := time.Since(start); elapsed > 3*time.Second {
		t.Fatalf("connection held for %v", elapsed)
	}
}

func TestSlowReaderDoesNotHoldTheServer(t *testing.T) {
	tm := defaultTimeouts
	tm.write = 300 * time.Millisecond
	finished := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		chunk := []byte(strings.Repeat("x", 64<<10))
		for i := 0; i < 2000; i++ { // 128 MB: far more than socket buffers hold
			if _, err := w.Write(chunk); err != nil {
				finished <- err
				return
			}
		}
		finished <- nil
	})
	addr, _, _ := startServe(t, h, tm, time.Second)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	// Never read the response.
	select {
	case err := <-finished:
		if err == nil {
			t.Fatal("the whole response was written to a client that reads nothing")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a client that does not read held the handler past the write timeout")
	}
}

// TestSIGTERMExitsZero runs the real program in a child process (this test
// binary, re-executed) and stops it with SIGTERM.
func TestSIGTERMExitsZero(t *testing.T) {
	if os.Getenv("SITE_TEST_CHILD") == "1" {
		if err := run([]string{"-addr", "127.0.0.1:0", "-data-dir", t.TempDir(), "-drain", "2s"}, os.Getenv); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSIGTERMExitsZero$")
	cmd.Env = append(os.Environ(), "SITE_TEST_CHILD=1", "LINKEDIN_ACCESS_TOKEN=", "LINKEDIN_ORGANIZATION_URN=",
		"CMS_LOCAL_BACKEND=", "CMS_GITHUB_CLIENT_ID=", "CMS_GITHUB_CLIENT_SECRET=", "CMS_GITHUB_REPO=", "CMS_GITHUB_BRANCH=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until it listens.
	scanner := bufio.NewScanner(stdout)
	for scanner.Scan() {
		if strings.Contains(scanner.Text(), `"msg":"listening"`) {
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		if err != nil {
			t.Fatalf("exit: %v, want code 0", err)
		}
	case <-time.After(5 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("did not exit within the drain time")
	}
}
