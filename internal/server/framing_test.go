package server

import (
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestChunkedWithContentLengthClosesConnection: a request with both
// Content-Length and Transfer-Encoding (RFC 9112 §6.3: possibly a smuggled
// request behind it) is answered and its connection closed, so what
// follows on it is never read as a request; plain requests keep theirs.
func TestChunkedWithContentLengthClosesConnection(t *testing.T) {
	srv := httptest.NewServer(newTestHandler(t, nil))
	defer srv.Close()
	for _, tc := range []struct {
		name    string
		first   string
		answers int
	}{
		{"Content-Length and chunked", "GET / HTTP/1.1\r\nHost: www.example.com\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 1},
		{"chunked", "GET / HTTP/1.1\r\nHost: www.example.com\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 1},
		{"plain", "GET / HTTP/1.1\r\nHost: www.example.com\r\n\r\n", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(3 * time.Second))
			// The "second request" a front end reading Content-Length would
			// have taken as part of the first one's body.
			smuggled := "GET /robots.txt HTTP/1.1\r\nHost: www.example.com\r\nConnection: close\r\n\r\n"
			if _, err := io.WriteString(conn, tc.first+smuggled); err != nil {
				t.Fatal(err)
			}
			all, _ := io.ReadAll(conn)
			if n := strings.Count(string(all), "HTTP/1.1 "); n != tc.answers {
				t.Fatalf("%d answers on the connection, want %d:\n%.400s", n, tc.answers, all)
			}
		})
	}
}
