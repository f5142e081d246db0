package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"
)

// The optimisations of the public listener and the log, measured as the
// process's CPU time per request (cpu-ns/op), which the other work on a
// shared machine disturbs less than the wall time. Compare the variants
// in alternating runs, e.g.
//
//	go test -c -o /tmp/site.test ./cmd/site
//	for i in 1 2 3 4 5; do for v in OptCoalesce/plain OptCoalesce/coalescing; do
//	  /tmp/site.test -test.run '^$' -test.bench "$v\$" -test.benchtime=20000x; done; done

// benchListener serves a 4.2 KB page (the home page gzipped is about that)
// over loopback to keep-alive connections sending one request at a time.
func benchListener(b *testing.B, wrap func(net.Listener) net.Listener, h http.Handler) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := newHTTPServer("", h, defaultTimeouts)
	go func() { _ = srv.Serve(wrap(ln)) }()
	defer srv.Close()
	b.SetParallelism(2)
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			b.Error(err)
			return
		}
		defer c.Close()
		br := bufio.NewReaderSize(c, 16<<10)
		req := []byte("GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n")
		for pb.Next() {
			if _, err := c.Write(req); err != nil {
				b.Error(err)
				return
			}
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var benchPage = bytes.Repeat([]byte("x"), 4200)

// pageHandler answers benchPage, logging a request line as the server does when log is set.
func pageHandler(log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", fmt.Sprint(len(benchPage)))
		_, _ = w.Write(benchPage)
		if log != nil {
			log.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Int("status", 200), slog.Int("bytes", len(benchPage)), slog.Float64("duration_ms", 0.123), slog.String("class", "page"))
		}
	})
}

// BenchmarkOptCoalesce serves the page through net/http's own connections or the coalescing ones.
func BenchmarkOptCoalesce(b *testing.B) {
	b.Run("plain", func(b *testing.B) {
		benchListener(b, func(l net.Listener) net.Listener { return l }, pageHandler(nil))
	})
	b.Run("coalescing", func(b *testing.B) {
		benchListener(b, func(l net.Listener) net.Listener { return coalescingListener{l} }, pageHandler(nil))
	})
}

// BenchmarkOptLogWriter writes the request log to a pipe that a goroutine
// drains, as a container runtime reads stdout: a write(2) per line, or batched.
func BenchmarkOptLogWriter(b *testing.B) {
	plain := func(l net.Listener) net.Listener { return l }
	run := func(b *testing.B, buffered bool) {
		r, w, err := os.Pipe()
		if err != nil {
			b.Fatal(err)
		}
		done := make(chan struct{})
		go func() { _, _ = io.Copy(io.Discard, r); close(done) }()
		var out io.Writer = w
		var lw *logWriter
		if buffered {
			lw = newLogWriter(w, 64<<10, 200*time.Millisecond)
			out = lw
		}
		benchListener(b, plain, pageHandler(slog.New(slog.NewJSONHandler(out, nil))))
		if lw != nil {
			_ = lw.Close()
		}
		_ = w.Close()
		<-done
	}
	b.Run("direct", func(b *testing.B) { run(b, false) })
	b.Run("buffered", func(b *testing.B) { run(b, true) })
}
