package main

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// logWriter batches log lines into few writes, like nginx's `access_log
// buffer=64k flush=1s`: a write(2) per request costs more than a page.
type logWriter struct {
	mu   sync.Mutex
	buf  *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

func newLogWriter(w io.Writer, size int, flushEvery time.Duration) *logWriter {
	l := &logWriter{buf: bufio.NewWriterSize(w, size), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		t := time.NewTicker(flushEvery)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				_ = l.Flush()
			case <-l.stop:
				return
			}
		}
	}()
	return l
}

// Write buffers p; slog's handlers call it once per record, under their own lock.
func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// Flush writes what is buffered.
func (l *logWriter) Flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Flush()
}

// Close stops the periodic flush and writes what is left.
func (l *logWriter) Close() error {
	close(l.stop)
	<-l.done
	return l.Flush()
}
