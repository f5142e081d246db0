package server

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus"
)

// statusRecorder remembers what a handler answered, for logs and metrics.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// routeClass groups requests for metrics with a bounded set of labels: never
// the raw path, which a visitor controls.
func routeClass(path string, status int) string {
	switch {
	case path == "/linkedin-api" || strings.HasPrefix(path, "/linkedin-api/"):
		return "insights"
	case path == "/healthz" || path == "/readyz":
		return "health"
	case path == "/metrics" && status != http.StatusNotFound: // 404: not served here
		return "metrics"
	case path == "/admin" || strings.HasPrefix(path, "/admin/"):
		return "editor"
	case status == http.StatusNotFound:
		return "not_found"
	case status >= 300 && status < 400 && status != http.StatusNotModified:
		return "redirect"
	case strings.HasPrefix(path, "/_astro/") || strings.HasPrefix(path, "/media/"):
		return "asset"
	case path == "/sitemap.xml" || path == "/robots.txt" || strings.HasPrefix(path, "/.well-known/"):
		return "meta"
	default:
		return "page"
	}
}

type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	// counters and durations cache the children, since WithLabelValues hashes
	// its labels on every call.
	counters  sync.Map // counterKey -> prometheus.Counter
	durations sync.Map // class -> prometheus.Observer
}

type counterKey struct {
	class  string
	status int
}

// count adds one request to its class and status code.
func (m *httpMetrics) count(class string, status int) {
	k := counterKey{class, status}
	if c, ok := m.counters.Load(k); ok {
		c.(prometheus.Counter).Inc()
		return
	}
	c := m.requests.WithLabelValues(class, strconv.Itoa(status))
	m.counters.Store(k, c)
	c.Inc()
}

// observe records how long a request of a class took.
func (m *httpMetrics) observe(class string, elapsed time.Duration) {
	o, ok := m.durations.Load(class)
	if !ok {
		o = m.duration.WithLabelValues(class)
		m.durations.Store(class, o)
	}
	o.(prometheus.Observer).Observe(elapsed.Seconds())
}

func newHTTPMetrics(reg prometheus.Registerer) (*httpMetrics, error) {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "veldhaven_http_requests_total",
			Help: "HTTP requests answered, by route class and status code.",
		}, []string{"class", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "veldhaven_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route class.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"class"}),
	}
	for _, c := range []prometheus.Collector{m.requests, m.duration} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// maxLoggedPath and maxLoggedMethod keep one hostile request from writing a
// huge log line (net/http accepts a method of any length).
const (
	maxLoggedPath   = 256
	maxLoggedMethod = 32
)

// observe logs one JSON line per request, through logger or requestLog, and
// records its metrics.
func observe(next http.Handler, logger *slog.Logger, requestLog io.Writer, m *httpMetrics) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		elapsed := time.Since(start)
		class := routeClass(r.URL.Path, rec.status)
		m.count(class, rec.status)
		m.observe(class, elapsed)
		if !logger.Enabled(r.Context(), slog.LevelInfo) {
			return
		}
		line := requestLine{
			time: start.Add(elapsed), method: clipLogged(r.Method, maxLoggedMethod), path: clipLogged(r.URL.Path, maxLoggedPath),
			class: class, status: rec.status, bytes: rec.bytes, durationMilliseconds: float64(elapsed.Microseconds()) / 1000,
		}
		if requestLog != nil {
			writeRequestLine(requestLog, &line)
			return
		}
		logger.LogAttrs(r.Context(), slog.LevelInfo, "request",
			slog.String("method", line.method),
			slog.String("path", line.path),
			slog.Int("status", line.status),
			slog.Int("bytes", line.bytes),
			slog.Float64("duration_ms", line.durationMilliseconds),
			slog.String("class", class),
		)
	})
}

// clipLogged shortens a request field for the log: at most max bytes, cut
// on a UTF-8 boundary, with "…" when cut.
func clipLogged(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// maxBuildIDLen is far more than a commit hash or a release tag needs.
const maxBuildIDLen = 64

// checkBuildID returns the build id ("unknown" for none), refusing anything but
// letters, digits and ". _ - +": it goes into a header and a label as it is.
func checkBuildID(id string) (string, error) {
	if id == "" {
		return "unknown", nil
	}
	if len(id) > maxBuildIDLen {
		return "", fmt.Errorf("build id %q: longer than %d bytes", id, maxBuildIDLen)
	}
	for _, c := range id {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '.' || c == '_' || c == '-' || c == '+'
		if !ok {
			return "", fmt.Errorf("build id %q: only letters, digits and . _ - + are allowed", id)
		}
	}
	return id, nil
}

// registerBuildInfo adds veldhaven_build_info{build_id="..."} 1, so a
// dashboard can tell which build each replica runs.
func registerBuildInfo(reg prometheus.Registerer, id string) error {
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "veldhaven_build_info",
		Help:        "Always 1; the build_id label names the build this process runs.",
		ConstLabels: prometheus.Labels{"build_id": id},
	})
	g.Set(1)
	return reg.Register(g)
}

// probeHeaders are the headers of /healthz and /readyz: never cached, and
// the build id, so a rollout can be followed replica by replica.
func probeHeaders(h http.Header, buildID string) {
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set(BuildIDHeader, buildID)
}

// BuildIDHeader is the response header of /healthz and /readyz that names
// the build serving them (the release's smoke test reads it).
const BuildIDHeader = "X-Build-Id"

// requestLine is one request's log line, written byte for byte as slog's
// JSONHandler would, without its per-record costs.
type requestLine struct {
	time                 time.Time
	method, path, class  string
	status, bytes        int
	durationMilliseconds float64
}

func appendRequestLine(b []byte, l *requestLine) []byte {
	b = append(b, `{"time":"`...)
	b = l.time.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","level":"INFO","msg":"request","method":"`...)
	b = appendJSONString(b, l.method)
	b = append(b, `","path":"`...)
	b = appendJSONString(b, l.path)
	b = append(b, `","status":`...)
	b = strconv.AppendInt(b, int64(l.status), 10)
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, int64(l.bytes), 10)
	b = append(b, `,"duration_ms":`...)
	// encoding/json's form for the durations a request takes (well inside
	// 1e-6..1e21, where it is the shortest 'f' form; 0 is "0").
	b = strconv.AppendFloat(b, l.durationMilliseconds, 'f', -1, 64)
	b = append(b, `,"class":"`...)
	b = appendJSONString(b, l.class)
	return append(b, "\"}\n"...)
}

// appendJSONString escapes s as slog's JSONHandler does.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

// lineBufs hold request lines while they are built.
var lineBufs = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// writeRequestLine writes one line with a single Write, as slog's handlers do.
func writeRequestLine(w io.Writer, l *requestLine) {
	bp := lineBufs.Get().(*[]byte)
	*bp = appendRequestLine((*bp)[:0], l)
	_, _ = w.Write(*bp)
	if cap(*bp) <= 4<<10 {
		lineBufs.Put(bp)
	}
}
