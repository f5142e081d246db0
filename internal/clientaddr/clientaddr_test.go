package clientaddr

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestKey(t *testing.T) {
	proxies, err := ParseProxies("10.0.0.0/8, fd00::/8 127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, remote string
		forwarded    []string
		proxies      Proxies
		want         string
	}{
		{"a visitor straight in", "203.0.113.7:5000", nil, proxies, "203.0.113.7"},
		{"a visitor straight in cannot claim another address", "203.0.113.7:5000", []string{"198.51.100.20"}, proxies, "203.0.113.7"},
		{"behind the ingress", "10.1.2.3:5000", []string{"198.51.100.20"}, proxies, "198.51.100.20"},
		{"behind a load balancer and the ingress", "10.1.2.3:5000", []string{"198.51.100.20, 10.0.0.9"}, proxies, "198.51.100.20"},
		{"what the client wrote is not read", "10.1.2.3:5000", []string{"198.51.100.20, 203.0.113.7"}, proxies, "203.0.113.7"},
		{"nor in an earlier header", "10.1.2.3:5000", []string{"198.51.100.20", "203.0.113.7"}, proxies, "203.0.113.7"},
		{"a trusted address the client wrote is walked past only when a proxy appended it", "10.1.2.3:5000", []string{"198.51.100.20, 203.0.113.7, 10.9.9.9"}, proxies, "203.0.113.7"},
		{"garbage from the client ends the walk", "10.1.2.3:5000", []string{"bogus"}, proxies, "10.1.2.3"},
		{"no header behind a proxy", "10.1.2.3:5000", nil, proxies, "10.1.2.3"},
		{"a single address", "127.0.0.1:5000", []string{"198.51.100.20"}, proxies, "198.51.100.20"},
		{"IPv6: its /64", "[2001:db8:1:2:aaaa::1]:5000", nil, proxies, "2001:db8:1:2::/64"},
		{"IPv6 behind the ingress", "[fd00::1]:5000", []string{"2001:db8:1:2:bbbb::9"}, proxies, "2001:db8:1:2::/64"},
		{"IPv4 in IPv6", "[::ffff:203.0.113.7]:5000", nil, proxies, "203.0.113.7"},
		// A LoadBalancer Service with externalTrafficPolicy: Cluster shows
		// every visitor from a node's private address: with no proxies
		// named, none is believed.
		{"a private peer not named", "10.1.2.3:5000", []string{"198.51.100.20"}, nil, "10.1.2.3"},
		{"a private peer outside the named ones", "192.168.1.1:5000", []string{"198.51.100.20"}, proxies, "192.168.1.1"},
		{"loopback not named", "127.0.0.2:5000", []string{"198.51.100.20"}, proxies, "127.0.0.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.forwarded {
				r.Header.Add("X-Forwarded-For", v)
			}
			var got string
			tt.proxies.Wrap(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = Key(r) })).ServeHTTP(httptest.NewRecorder(), r)
			if got != tt.want {
				t.Errorf("Key = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestKeyUnwrapped: without Wrap, the key is the connection's peer.
func TestKeyUnwrapped(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "10.1.2.3:5000"
	r.Header.Set("X-Forwarded-For", "198.51.100.20")
	if got := Key(r); got != "10.1.2.3" {
		t.Errorf("Key = %q, want the peer", got)
	}
}

func TestParseProxies(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"", "[]", true},
		{"10.0.0.0/8", "[10.0.0.0/8]", true},
		{"10.1.2.3/8,::1", "[10.0.0.0/8 ::1/128]", true},
		{"::ffff:10.0.0.1", "[10.0.0.1/32]", true},
		{"10.0.0.0/33", "", false},
		{"proxy.example", "", false},
	} {
		p, err := ParseProxies(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("ParseProxies(%q): error %v, want ok %v", tc.in, err, tc.ok)
			continue
		}
		if tc.ok {
			if got := fmt.Sprint(p); got != tc.want {
				t.Errorf("ParseProxies(%q) = %s, want %s", tc.in, got, tc.want)
			}
		}
	}
}
