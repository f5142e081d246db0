package server

import (
	"strconv"
	"strings"
)

// maxAcceptEncoding bounds the work spent on a client's header.
const maxAcceptEncoding = 1024

// acceptsEncodings reports whether a client takes Brotli and gzip, from its
// Accept-Encoding header (RFC 9110 §12.5.3: q=0 refuses a coding; "*" stands
// for codings not listed). Malformed parts are ignored.
func acceptsEncodings(header string) (br, gz bool) {
	if len(header) > maxAcceptEncoding {
		header = header[:maxAcceptEncoding]
	}
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			w, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || w < 0 || w > 1 {
				continue
			}
			weight = w
		}
		q[name] = weight
	}
	accepted := func(coding string) bool {
		if w, ok := q[coding]; ok {
			return w > 0
		}
		if w, ok := q["*"]; ok {
			return w > 0
		}
		return false
	}
	return accepted("br"), accepted("gzip") || accepted("x-gzip")
}
