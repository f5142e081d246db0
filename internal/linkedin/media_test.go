package linkedin

import (
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

func TestRefusedAddr(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		refused bool
	}{
		{"127.0.0.1", true},
		{"127.8.9.10", true},
		{"::1", true},
		{"10.1.2.3", true},
		{"172.16.0.1", true},
		{"192.168.1.1", true},
		{"169.254.169.254", true}, // cloud metadata
		{"100.64.0.1", true},      // carrier-grade NAT
		{"100.127.255.254", true},
		{"fc00::1", true}, // unique-local
		{"fd12:3456::1", true},
		{"fe80::1", true},
		{"fe80::1%eth0", true},
		{"0.0.0.0", true},
		{"0.1.2.3", true},
		{"::", true},
		{"::ffff:127.0.0.1", true}, // IPv4-mapped
		{"::ffff:169.254.169.254", true},
		{"::ffff:10.0.0.1", true},
		{"::127.0.0.1", true},        // IPv4-compatible
		{"64:ff9b::7f00:1", true},    // NAT64 of 127.0.0.1
		{"64:ff9b::a9fe:a9fe", true}, // NAT64 of 169.254.169.254
		{"224.0.0.1", true},
		{"255.255.255.255", true},
		{"ff02::1", true},
		{"8.8.8.8", false},
		{"13.107.42.14", false},
		{"100.128.0.1", false},
		{"2a00:1450:4001::1", false},
		{"::ffff:8.8.8.8", false},
		{"64:ff9b::808:808", false}, // NAT64 of a public address
	} {
		a := netip.MustParseAddr(tc.addr)
		if got := refusedAddr(a); got != tc.refused {
			t.Errorf("refusedAddr(%s) = %v, want %v", tc.addr, got, tc.refused)
		}
	}
}

func TestParseMediaOrigins(t *testing.T) {
	m, err := ParseMediaOrigins([]string{" https://Media.LICDN.com ", "https://dms.licdn.com:443", "http://127.0.0.1:9911"})
	if err != nil {
		t.Fatal(err)
	}
	for raw, want := range map[string]bool{
		"https://media.licdn.com/dms/image/x?e=1&t=sig": true,
		"https://media.licdn.com:443/x":                 true,
		"https://dms.licdn.com/x":                       true,
		"http://media.licdn.com/x":                      false, // scheme is part of the origin
		"https://media.licdn.com:8443/x":                false,
		"https://evil.media.licdn.com/x":                false,
		"https://media.licdn.com.evil.example/x":        false,
		"https://user@media.licdn.com/x":                false,
		"http://127.0.0.1:9911/download/x":              true,
		"http://127.0.0.1:9912/download/x":              false,
		"http://localhost:9911/download/x":              false,
		"http://[::ffff:127.0.0.1]:9911/download/x":     false,
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Allows(u); got != want {
			t.Errorf("allows(%s) = %v, want %v", raw, got, want)
		}
	}
	if !m.literal[netip.MustParseAddrPort("127.0.0.1:9911")] || len(m.literal) != 1 {
		t.Errorf("literal addresses %v, want only 127.0.0.1:9911", m.literal)
	}
	for _, bad := range [][]string{
		nil, {""}, {"ftp://media.licdn.com"}, {"https://"}, {"https://media.licdn.com/path"},
		{"https://media.licdn.com?q"}, {"https://u:p@media.licdn.com"}, {"media.licdn.com"},
	} {
		if _, err := ParseMediaOrigins(bad); err == nil {
			t.Errorf("ParseMediaOrigins(%q) accepted", bad)
		}
	}
}

// TestMediaDialerRefusesInternalAddresses calls the dialer's check the way
// net.Dialer does, after resolution.
func TestMediaDialerRefusesInternalAddresses(t *testing.T) {
	m, err := ParseMediaOrigins([]string{"https://media.licdn.com", "http://127.0.0.1:9911"})
	if err != nil {
		t.Fatal(err)
	}
	for addr, ok := range map[string]bool{
		"127.0.0.1:9911":          true, // named literally by an origin
		"[::ffff:127.0.0.1]:9911": true,
		"127.0.0.1:9912":          false,
		"127.0.0.1:443":           false,
		"169.254.169.254:80":      false,
		"[fd00::1]:443":           false,
		"100.64.1.1:443":          false,
		"13.107.42.14:443":        true,
		"[2a00:1450:4001::1]:443": true,
	} {
		err := m.dialControl(t.Context(), "tcp", addr, nil)
		if (err == nil) != ok {
			t.Errorf("dial %s: %v, want allowed=%v", addr, err, ok)
		}
	}
	// Through a real dial: localhost resolves to a loopback address.
	c := NewMediaClient(m)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	m2, _ := ParseMediaOrigins([]string{"http://localhost:" + port})
	c = NewMediaClient(m2)
	if res, err := c.Get("http://localhost:" + port + "/x"); err == nil {
		res.Body.Close()
		t.Fatal("dialled localhost")
	} else if !strings.Contains(err.Error(), "not a public one") {
		t.Fatalf("error %v, want the address refused", err)
	}
}

// FuzzMediaURLAllowed: whatever downloadUrl the API answers, it is allowed
// only on an origin of the list, with no user information, and the check
// never panics; the redacted form never keeps the query.
func FuzzMediaURLAllowed(f *testing.F) {
	for _, s := range []string{
		"https://media.licdn.com/dms/image/x?e=1&t=sig", "http://media.licdn.com/x", "https://media.licdn.com:443/x",
		"https://media.licdn.com.evil.example/x", "https://user@media.licdn.com/x", "http://[::ffff:127.0.0.1]:9911/x",
		"http://127.0.0.1:9911/x", "http://localhost:9911/x", "https://MEDIA.LICDN.COM./x", "//media.licdn.com/x",
		"https://media.licdn.com%2f@evil.example/", "http://169.254.169.254/latest/meta-data/",
	} {
		f.Add(s)
	}
	m, err := ParseMediaOrigins([]string{"https://media.licdn.com", "https://dms.licdn.com", "http://127.0.0.1:9911"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := url.Parse(raw)
		if err != nil {
			return
		}
		if m.Allows(u) {
			host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
			if u.User != nil || (host != "media.licdn.com" && host != "dms.licdn.com" && host != "127.0.0.1") {
				t.Fatalf("allowed %q (host %q)", raw, host)
			}
		}
		if red := RedactURL(u); strings.Contains(red, "?") && u.RawQuery != "" && strings.Contains(red, u.RawQuery) {
			t.Fatalf("redacted %q keeps the query", red)
		}
	})
}

// FuzzRefusedAddr: an IPv6 form that carries an IPv4 address (mapped,
// compatible, NAT64) is judged as that address, so no spelling of an
// internal address passes.
func FuzzRefusedAddr(f *testing.F) {
	for _, b := range [][4]byte{{127, 0, 0, 1}, {169, 254, 169, 254}, {10, 0, 0, 1}, {100, 64, 0, 1}, {8, 8, 8, 8}, {0, 0, 0, 0}} {
		f.Add(b[0], b[1], b[2], b[3])
	}
	f.Fuzz(func(t *testing.T, a, b, c, d byte) {
		v4 := netip.AddrFrom4([4]byte{a, b, c, d})
		want := refusedAddr(v4)
		mapped := netip.AddrFrom16(netip.MustParseAddr("::ffff:" + v4.String()).As16())
		if refusedAddr(mapped) != want {
			t.Fatalf("%s refused=%v but %s refused=%v", v4, want, mapped, !want)
		}
		n64 := netip.MustParsePrefix("64:ff9b::/96").Addr().As16()
		copy(n64[12:], []byte{a, b, c, d})
		if refusedAddr(netip.AddrFrom16(n64)) != want {
			t.Fatalf("NAT64 form of %s judged differently", v4)
		}
		if !v4.IsUnspecified() && !v4.IsLoopback() && !(a == 0) {
			compat := [16]byte{}
			copy(compat[12:], []byte{a, b, c, d})
			if refusedAddr(netip.AddrFrom16(compat)) != want {
				t.Fatalf("IPv4-compatible form of %s judged differently", v4)
			}
		}
	})
}
