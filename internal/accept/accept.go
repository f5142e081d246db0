// Package accept reads the Accept-Encoding header of a request: which of the
// precompressed variants the site holds (Brotli, gzip) a client takes.
package accept

import (
	"strconv"
	"strings"
)

// maxHeader bounds the work spent on a client's header.
const maxHeader = 1024

// Encodings reports whether a client takes Brotli and gzip, from its
// Accept-Encoding header (RFC 9110 §12.5.3: q=0 refuses a coding; "*" stands
// for codings not listed; the last listing of a coding counts). Malformed
// parts are ignored. It runs on every request, so it allocates nothing.
func Encodings(header string) (br, gz bool) {
	// Weights of the codings that matter; -1 means not listed.
	qBr, qGzip, qXGzip, qStar := -1.0, -1.0, -1.0, -1.0
	for part := range strings.SplitSeq(header[:min(len(header), maxHeader)], ",") {
		name, params, _ := strings.Cut(part, ";")
		weight := 1.0
		if k, v, ok := strings.Cut(params, "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			w, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || w < 0 || w > 1 {
				continue
			}
			weight = w
		}
		switch name = strings.TrimSpace(name); {
		case strings.EqualFold(name, "br"):
			qBr = weight
		case strings.EqualFold(name, "gzip"):
			qGzip = weight
		case strings.EqualFold(name, "x-gzip"):
			qXGzip = weight
		case name == "*":
			qStar = weight
		}
	}
	accepted := func(q float64) bool { return q > 0 || q < 0 && qStar > 0 }
	return accepted(qBr), accepted(qGzip) || accepted(qXGzip)
}
