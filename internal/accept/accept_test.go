package accept

import (
	"strconv"
	"strings"
	"testing"
)

// encodingsReference is the first, map-based implementation of
// Encodings: the allocation-free one must agree with it on every header.
func encodingsReference(header string) (br, gz bool) {
	if len(header) > maxHeader {
		header = header[:maxHeader]
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

var seeds = []string{
	"", "gzip", "br", "BR, GZIP", "gzip;q=0", "*;q=0.5", "*, br;q=0", "x-gzip", "br;q=1.5",
	"deflate", "gzip, deflate, br, zstd", "gzip;q=1.0, identity; q=0.5, *;q=0",
	"br;q=0, br", "br, br;q=0", "gzip;q=abc", " gzip ; Q = 0.3 ", "gzip;level=1", "gzip;q=0.5;x=1",
	"*;q=0, gzip", ",,,", ";q=1", "X-GZIP;q=0.001", "br;q=-0", "br;q=1e0", "br;q=NaN", "gzip;q=",
	strings.Repeat("a,", 600) + "br",
}

func TestEncodingsAgreesWithReference(t *testing.T) {
	for _, h := range seeds {
		gotBr, gotGz := Encodings(h)
		wantBr, wantGz := encodingsReference(h)
		if gotBr != wantBr || gotGz != wantGz {
			t.Errorf("%q: br=%v gz=%v, reference %v %v", h, gotBr, gotGz, wantBr, wantGz)
		}
	}
}

func FuzzEncodings(f *testing.F) {
	for _, h := range seeds {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, h string) {
		gotBr, gotGz := Encodings(h)
		wantBr, wantGz := encodingsReference(h)
		if gotBr != wantBr || gotGz != wantGz {
			t.Errorf("%q: br=%v gz=%v, reference %v %v", h, gotBr, gotGz, wantBr, wantGz)
		}
	})
}

func TestEncodingsAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Encodings("gzip, deflate, br, zstd") }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}

func TestEncodings(t *testing.T) {
	tests := []struct {
		header string
		br, gz bool
	}{
		{"", false, false},
		{"gzip", false, true},
		{"br", true, false},
		{"BR, GZIP", true, true},
		{"gzip;q=0", false, false},
		{"*;q=0.5", true, true},
		{"*, br;q=0", false, true},
		{"x-gzip", false, true},
		{"br;q=1.5", false, false},
		{"deflate", false, false},
	}
	for _, tt := range tests {
		br, gz := Encodings(tt.header)
		if br != tt.br || gz != tt.gz {
			t.Errorf("%q: br=%v gz=%v, want %v %v", tt.header, br, gz, tt.br, tt.gz)
		}
	}
}
