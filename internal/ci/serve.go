package ci

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Server is a bin/site on 127.0.0.1, a port of the kernel's choosing, with an
// empty data folder and nothing from the environment (the sample feed).
type Server struct {
	URL  string // e.g. http://127.0.0.1:41234
	cmd  *exec.Cmd
	done chan error
}

// StartSite starts the binary at bin and waits until it answers /readyz
// with 200 (at most timeout). dataDir must be an empty, writable folder.
func StartSite(ctx context.Context, bin, dataDir string, timeout time.Duration) (*Server, error) {
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-data-dir", dataDir, "-log-level", "info")
	// Only what the process needs: no LinkedIn token, no editor credentials
	// from the caller's environment reach it.
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dataDir}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &Server{cmd: cmd, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		// The first "listening" line names the address; the rest (request
		// lines) is read and dropped so the process never blocks on stdout.
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			var line struct {
				Msg  string `json:"msg"`
				Addr string `json:"addr"`
			}
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" && line.Addr != "" {
				select {
				case addr <- line.Addr:
				default:
				}
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
		s.done <- cmd.Wait()
	}()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	select {
	case a := <-addr:
		s.URL = "http://" + a
	case err := <-s.done:
		return nil, fmt.Errorf("%s stopped before listening: %v", bin, err)
	case <-deadline.C:
		s.Stop()
		return nil, fmt.Errorf("%s did not say where it listens within %s", bin, timeout)
	}
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/readyz", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case <-deadline.C:
			s.Stop()
			return nil, fmt.Errorf("%s: /readyz not 200 within %s", s.URL, timeout)
		case <-ctx.Done():
			s.Stop()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Stop sends SIGTERM, waits up to 15 s for the server to drain and exit, and
// kills it after that. A clean exit (0) returns nil.
func (s *Server) Stop() error {
	if s.cmd.Process == nil {
		return nil
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		var exit *exec.ExitError
		if errors.As(err, &exit) && strings.Contains(exit.Error(), "signal") {
			return fmt.Errorf("site stopped by a signal: %w", err)
		}
		return err
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
		return errors.New("site did not stop within 15 s of SIGTERM; killed")
	}
}
