// Package clientaddr tells which client sent a request, for the budgets
// the server keeps per client (the editor's sign-in).
package clientaddr

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Trusted are the proxies whose X-Forwarded-For is believed: the addresses
// no visitor on the internet connects from (loopback, private, unique-local,
// carrier-grade NAT, link-local). The chart's ingress controller and a
// cloud load balancer in front of the pods reach them from such addresses
// (SECURITY.md, "What the front end must do").
var Trusted = []netip.Prefix{
	netip.MustParsePrefix("127.0.0.0/8"),
	netip.MustParsePrefix("10.0.0.0/8"),
	netip.MustParsePrefix("172.16.0.0/12"),
	netip.MustParsePrefix("192.168.0.0/16"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("169.254.0.0/16"),
	netip.MustParsePrefix("::1/128"),
	netip.MustParsePrefix("fc00::/7"),
	netip.MustParsePrefix("fe80::/10"),
}

func trusted(a netip.Addr) bool {
	for _, p := range Trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Of is the address of the client that sent r: the connection's peer, or,
// when the peer is a trusted proxy, the last address of X-Forwarded-For
// that is not one. Each proxy appends the address it was connected from,
// so the entries left of it are whatever the client wrote and are never
// read. An entry that does not parse ends the walk at the proxy before it.
func Of(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	addr = addr.Unmap().WithZone("")
	values := r.Header.Values("X-Forwarded-For")
	for i := len(values) - 1; i >= 0 && trusted(addr); i-- {
		entries := strings.Split(values[i], ",")
		for j := len(entries) - 1; j >= 0 && trusted(addr); j-- {
			next, err := netip.ParseAddr(strings.TrimSpace(entries[j]))
			if err != nil {
				return addr
			}
			addr = next.Unmap().WithZone("")
		}
	}
	return addr
}

// Key is the budget key of the client that sent r: its IPv4 address, or
// the /64 of its IPv6 one (a subscriber gets a /64 at least and may use
// any address in it).
func Key(r *http.Request) string {
	a := Of(r)
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
