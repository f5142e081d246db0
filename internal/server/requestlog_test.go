package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// The direct request line must be what slog's JSONHandler writes for the
// same record, so switching Config.RequestLog on changes no byte of the logs.
func TestRequestLineMatchesSlog(t *testing.T) {
	zones := []*time.Location{time.UTC, time.FixedZone("CET", 3600), time.FixedZone("odd", -(3*3600 + 30*60))}
	times := []time.Time{
		time.Date(2026, 11, 22, 2, 30, 0, 0, time.UTC),
		time.Date(2026, 11, 22, 2, 30, 1, 123456789, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 120000000, time.UTC),
	}
	paths := []string{
		"/", "/_astro/client.B9J4CuQF.js", `/a"b\c`, "/\x00\x01\x1f\x7f", "/line\nbreak\r\ttab",
		"/\xff\xfe invalid", "/\u2028\u2029", "/<script>&amp;", "/caf\u00e9/\U0001F600", "/" + strings.Repeat("x", maxLoggedPath) + "…",
	}
	durations := []float64{0, 0.001, 0.123, 1.5, 12.25, 999.999, 12345.678, 1e6}
	var n int
	for _, zone := range zones {
		for _, tm := range times {
			for i, p := range paths {
				line := requestLine{
					time: tm.In(zone), method: []string{"GET", "HEAD", "BREW\""}[i%3], path: p, class: "page",
					status: 200 + i, bytes: i * 1000, durationMilliseconds: durations[(n)%len(durations)],
				}
				n++
				var want bytes.Buffer
				r := slog.NewRecord(line.time, slog.LevelInfo, "request", 0)
				r.AddAttrs(
					slog.String("method", line.method),
					slog.String("path", line.path),
					slog.Int("status", line.status),
					slog.Int("bytes", line.bytes),
					slog.Float64("duration_ms", line.durationMilliseconds),
					slog.String("class", line.class),
				)
				if err := slog.NewJSONHandler(&want, nil).Handle(context.Background(), r); err != nil {
					t.Fatal(err)
				}
				if got := appendRequestLine(nil, &line); !bytes.Equal(got, want.Bytes()) {
					t.Errorf("line\n%s\nslog writes\n%s", got, want.Bytes())
				}
			}
		}
	}
}

func TestRequestLogWritesOneLinePerRequest(t *testing.T) {
	for _, level := range []slog.Level{slog.LevelInfo, slog.LevelWarn} {
		var lines, other bytes.Buffer
		h := newTestHandler(t, func(c *Config) {
			c.Logger = slog.New(slog.NewJSONHandler(&other, &slog.HandlerOptions{Level: level}))
			c.RequestLog = &lines
		})
		for _, p := range []string{"/", "/nope", "/healthz", "/_astro/entry.AbCdEf12.js"} {
			do(h, "GET", p, map[string]string{"Accept-Encoding": "gzip"})
		}
		got := strings.Split(strings.TrimSuffix(lines.String(), "\n"), "\n")
		if level == slog.LevelWarn {
			if lines.Len() != 0 {
				t.Errorf("request lines at level warn: %q", lines.String())
			}
			continue
		}
		if len(got) != 4 || other.Len() != 0 {
			t.Fatalf("%d request lines, %d bytes through the logger:\n%s", len(got), other.Len(), lines.String())
		}
		var rec struct {
			Level, Msg, Method, Path, Class string
			Status, Bytes                   int
			Duration                        *float64 `json:"duration_ms"`
			Time                            time.Time
		}
		if err := json.Unmarshal([]byte(got[1]), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Level != "INFO" || rec.Msg != "request" || rec.Method != "GET" || rec.Path != "/nope" ||
			rec.Status != 404 || rec.Class != "not_found" || rec.Bytes == 0 || rec.Duration == nil || time.Since(rec.Time) > time.Minute {
			t.Errorf("line %s", got[1])
		}
	}
}
