package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// recordingConn records what reaches the "socket", one entry per Write.
type recordingConn struct {
	net.Conn // nil: only what coalescingConn calls is implemented
	mu       sync.Mutex
	writes   [][]byte
	closed   bool
}

func (r *recordingConn) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes = append(r.writes, append([]byte(nil), p...))
	return len(p), nil
}
func (r *recordingConn) Read([]byte) (int, error)         { return 0, io.EOF }
func (r *recordingConn) SetWriteDeadline(time.Time) error { return nil }
func (r *recordingConn) SetDeadline(time.Time) error      { return nil }
func (r *recordingConn) Close() error                     { r.closed = true; return nil }

func (r *recordingConn) sent() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bytes.Join(r.writes, nil)
}

func TestCoalescingConnHoldsOnlyAFullBufferUntilATrigger(t *testing.T) {
	full := bytes.Repeat([]byte("a"), netHTTPBufferSize)
	triggers := []struct {
		name string
		fire func(c *coalescingConn) error
	}{
		{"next write", func(c *coalescingConn) error { _, err := c.Write([]byte("rest")); return err }},
		{"end of response (write deadline reset)", func(c *coalescingConn) error { return c.SetWriteDeadline(time.Time{}) }},
		{"deadline", func(c *coalescingConn) error { return c.SetDeadline(time.Now()) }},
		{"read", func(c *coalescingConn) error { _, _ = c.Read(make([]byte, 1)); return nil }},
		{"close", func(c *coalescingConn) error { return c.Close() }},
		{"close write", func(c *coalescingConn) error { return c.CloseWrite() }},
	}
	for _, tt := range triggers {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recordingConn{}
			c := &coalescingConn{Conn: rec}
			if n, err := c.Write([]byte("small")); n != 5 || err != nil || len(rec.sent()) != 5 {
				t.Fatalf("a small write is not sent at once: %d %v, sent %d", n, err, len(rec.sent()))
			}
			if n, err := c.Write(full); n != len(full) || err != nil {
				t.Fatalf("held write: %d %v", n, err)
			}
			if len(rec.sent()) != 5 {
				t.Fatalf("a full buffer was sent at once")
			}
			if err := tt.fire(c); err != nil {
				t.Fatal(err)
			}
			want := "small" + string(full)
			if tt.name == "next write" {
				want += "rest"
			}
			if got := string(rec.sent()); got != want {
				t.Fatalf("sent %d bytes, want %d in order", len(got), len(want))
			}
		})
	}
}

// A server behind the listener answers every body size around the buffer's
// edges completely and in order, on kept-alive, pipelined and closed
// connections: nothing is ever left held when a response ends.
func TestCoalescingListenerServesEveryResponseWhole(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		body := bytes.Repeat([]byte{'0' + byte(n%10)}, n)
		w.Header().Set("Content-Length", strconv.Itoa(n))
		_, _ = w.Write(body[:n/2])
		_, _ = w.Write(body[n/2:])
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer("", h, timeouts{readHeader: 5 * time.Second, read: 5 * time.Second, write: 5 * time.Second, idle: 5 * time.Second})
	go func() { _ = srv.Serve(coalescingListener{ln}) }()
	t.Cleanup(func() { _ = srv.Close() })

	var sizes []int
	for n := 0; n <= 9000; n++ {
		if n < 100 || (n > 3800 && n < 4300) || (n > 7900 && n < 8400) || n%97 == 0 {
			sizes = append(sizes, n)
		}
	}
	client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 1, DisableCompression: true}}
	for _, n := range sizes {
		for _, method := range []string{"GET", "HEAD"} {
			req, _ := http.NewRequest(method, fmt.Sprintf("http://%s/%d", ln.Addr(), n), nil)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatalf("%s %d: %v", method, n, err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			wantLen := n
			if method == "HEAD" {
				wantLen = 0
			}
			if err != nil || len(body) != wantLen || (n > 0 && method == "GET" && body[n-1] != '0'+byte(n%10)) {
				t.Fatalf("%s %d: %d bytes, %v", method, n, len(body), err)
			}
		}
	}

	// Pipelined requests on one connection, the last one closing it.
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(3 * time.Second))
	pipelined := []int{4096, 3900, 8192, 0, 4000}
	var reqs strings.Builder
	for i, n := range pipelined {
		closing := ""
		if i == len(pipelined)-1 {
			closing = "Connection: close\r\n"
		}
		fmt.Fprintf(&reqs, "GET /%d HTTP/1.1\r\nHost: x\r\n%s\r\n", n, closing)
	}
	if _, err := io.WriteString(conn, reqs.String()); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	for _, n := range pipelined {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("pipelined %d: %v", n, err)
		}
		body, err := io.ReadAll(resp.Body)
		if err != nil || len(body) != n {
			t.Fatalf("pipelined %d: %d bytes, %v", n, len(body), err)
		}
	}
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("connection not closed after Connection: close: %v", err)
	}
}
