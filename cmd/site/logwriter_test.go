package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is an io.Writer the test can read while the flusher writes.
type lockedBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes++
	return l.b.Write(p)
}

func (l *lockedBuffer) snapshot() (string, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String(), l.writes
}

func TestLogWriterBatchesAndFlushes(t *testing.T) {
	tests := []struct {
		name  string
		size  int
		lines int
		// closeFirst: Close must write what the ticker has not.
		closeFirst bool
	}{
		{name: "ticker flushes", size: 1 << 16, lines: 100},
		{name: "close flushes", size: 1 << 16, lines: 100, closeFirst: true},
		{name: "full buffer flushes", size: 256, lines: 1000, closeFirst: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := &lockedBuffer{}
			every := 20 * time.Millisecond
			if tt.closeFirst {
				every = time.Hour
			}
			w := newLogWriter(out, tt.size, every)
			var wg sync.WaitGroup
			for g := range 4 {
				wg.Go(func() {
					for i := range tt.lines / 4 {
						_, _ = fmt.Fprintf(w, `{"g":%d,"i":%d}`+"\n", g, i)
					}
				})
			}
			wg.Wait()
			if tt.closeFirst {
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
			} else {
				defer w.Close()
				deadline := time.Now().Add(5 * time.Second)
				for {
					if s, _ := out.snapshot(); strings.Count(s, "\n") == tt.lines || time.Now().After(deadline) {
						break
					}
					time.Sleep(5 * time.Millisecond)
				}
			}
			s, writes := out.snapshot()
			lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
			if len(lines) != tt.lines {
				t.Fatalf("%d lines, want %d", len(lines), tt.lines)
			}
			for _, l := range lines {
				if !strings.HasPrefix(l, `{"g":`) || !strings.HasSuffix(l, "}") {
					t.Fatalf("torn line %q", l)
				}
			}
			if writes >= tt.lines/2 {
				t.Errorf("%d writes for %d lines: not batched", writes, tt.lines)
			}
		})
	}
}
