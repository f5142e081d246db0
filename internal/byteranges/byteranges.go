// Package byteranges keeps byte-range answers no larger than what they are
// ranges of: http.ServeContent bounds the sum of the ranges, not the
// multipart headers around each, so many small ranges of a small file come
// to many times the file.
package byteranges

import (
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"
	"time"
)

// ServeContent is http.ServeContent (no name: the Content-Type must be set
// on w) for content of size bytes, with the request's Range dropped when
// the answer would be a multipart body larger than the whole content: the
// content itself (200) is then the answer. Every path of the site that
// answers ranges goes through it.
func ServeContent(w http.ResponseWriter, r *http.Request, modtime time.Time, content io.ReadSeeker, size int64) {
	if h := r.Header.Get("Range"); h != "" && MultipartLarger(h, size, w.Header().Get("Content-Type")) {
		r.Header.Del("Range")
	}
	http.ServeContent(w, r, "", modtime, content)
}

// MultipartLarger reports whether http.ServeContent would answer a Range
// header with a multipart body larger than the file itself: every part
// carries a boundary, a Content-Type and a Content-Range (about 140 bytes),
// which http.ServeContent's own check (the sum of the ranges' lengths) does
// not count, so ten one-byte ranges of a 108-byte file came to 1,476 bytes.
// RFC 9110 §14.2 lets a server ignore Range; the whole file is then the
// smaller answer. Headers that do not parse, and single ranges, are left to
// http.ServeContent (416 or one range).
func MultipartLarger(header string, size int64, contentType string) bool {
	spans, ok := parseByteRanges(header, size)
	if !ok || len(spans) < 2 {
		return false
	}
	var n countingWriter
	mw := multipart.NewWriter(&n)
	var body int64
	for _, s := range spans {
		// The part headers http.ServeContent writes (its boundary has the
		// same length as any multipart.Writer's).
		_, _ = mw.CreatePart(textproto.MIMEHeader{
			"Content-Range": {fmt.Sprintf("bytes %d-%d/%d", s.start, s.start+s.length-1, size)},
			"Content-Type":  {contentType},
		})
		body += s.length
		if body+int64(n) > size {
			return true
		}
	}
	_ = mw.Close()
	return body+int64(n) > size
}

// byteSpan is one satisfiable range of a file.
type byteSpan struct{ start, length int64 }

// parseByteRanges reads a Range header as http.ServeContent does (RFC 9110
// §14.1.2): the satisfiable ranges of a file of size bytes, with
// ok false when the header does not parse.
func parseByteRanges(header string, size int64) (spans []byteSpan, ok bool) {
	set, found := strings.CutPrefix(header, "bytes=")
	if !found {
		return nil, false
	}
	for spec := range strings.SplitSeq(set, ",") {
		spec = textproto.TrimString(spec)
		if spec == "" {
			continue
		}
		first, last, found := strings.Cut(spec, "-")
		if !found {
			return nil, false
		}
		first, last = textproto.TrimString(first), textproto.TrimString(last)
		if first == "" { // a suffix: the last n bytes
			if last == "" || last[0] == '-' {
				return nil, false
			}
			n, err := strconv.ParseInt(last, 10, 64)
			if err != nil || n < 0 {
				return nil, false
			}
			n = min(n, size)
			spans = append(spans, byteSpan{size - n, n})
			continue
		}
		start, err := strconv.ParseInt(first, 10, 64)
		if err != nil || start < 0 {
			return nil, false
		}
		if start >= size {
			// Not satisfiable: left out, its end unread, as
			// http.ServeContent does.
			continue
		}
		end := size - 1
		if last != "" {
			if end, err = strconv.ParseInt(last, 10, 64); err != nil || end < start {
				return nil, false
			}
			end = min(end, size-1)
		}
		spans = append(spans, byteSpan{start, end - start + 1})
	}
	return spans, true
}

// countingWriter counts what is written to it.
type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}
