package server

import (
	"io"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

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
