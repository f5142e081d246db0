package server

import (
	"net/http"
	"strings"
)

// maxRanges is how many byte ranges one request may ask for. A video player
// asks for one; a request for thousands of small overlapping ranges makes a
// multipart answer many times the file (6,223 ranges once got 826 KB).
const maxRanges = 10

// limitRanges serves the whole file instead of ranges when a request asks
// for more than maxRanges (RFC 9110 lets a server ignore Range).
// serveFile then also refuses multipart answers larger than the file
// (internal/byteranges).
func limitRanges(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if values := r.Header.Values("Range"); len(values) > 0 && countRanges(values) > maxRanges {
			r.Header.Del("Range")
			r.Header.Del("If-Range")
		}
		next.ServeHTTP(w, r)
	})
}

// countRanges counts the comma-separated ranges of Range header values
// (every value, though net/http reads only the first).
func countRanges(values []string) int {
	n := 0
	for _, v := range values {
		n += strings.Count(v, ",") + 1
	}
	return n
}

// clipLogged shortens a request field for the log: at most max bytes, cut
// on a UTF-8 boundary, with "…" when cut.
func clipLogged(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && cut < len(s) && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
