package clientaddr

import (
	"net/http/httptest"
	"testing"
)

func TestKey(t *testing.T) {
	tests := []struct {
		name, remote string
		forwarded    []string
		want         string
	}{
		{"a visitor straight in", "203.0.113.7:5000", nil, "203.0.113.7"},
		{"a visitor straight in cannot claim another address", "203.0.113.7:5000", []string{"198.51.100.20"}, "203.0.113.7"},
		{"behind the ingress", "10.1.2.3:5000", []string{"198.51.100.20"}, "198.51.100.20"},
		{"behind a load balancer and the ingress", "10.1.2.3:5000", []string{"198.51.100.20, 10.0.0.9"}, "198.51.100.20"},
		{"what the client wrote is not read", "10.1.2.3:5000", []string{"198.51.100.20, 203.0.113.7"}, "203.0.113.7"},
		{"nor in an earlier header", "10.1.2.3:5000", []string{"198.51.100.20", "203.0.113.7"}, "203.0.113.7"},
		{"a private address the client wrote is walked past only when a proxy appended it", "10.1.2.3:5000", []string{"198.51.100.20, 203.0.113.7, 10.9.9.9"}, "203.0.113.7"},
		{"garbage from the client ends the walk", "10.1.2.3:5000", []string{"bogus"}, "10.1.2.3"},
		{"no header behind a proxy", "10.1.2.3:5000", nil, "10.1.2.3"},
		{"IPv6: its /64", "[2001:db8:1:2:aaaa::1]:5000", nil, "2001:db8:1:2::/64"},
		{"IPv6 behind the ingress", "[fd00::1]:5000", []string{"2001:db8:1:2:bbbb::9"}, "2001:db8:1:2::/64"},
		{"IPv4 in IPv6", "[::ffff:203.0.113.7]:5000", nil, "203.0.113.7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.forwarded {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := Key(r); got != tt.want {
				t.Errorf("Key = %q, want %q", got, tt.want)
			}
		})
	}
}
