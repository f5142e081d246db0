// Package clientaddr tells which client sent a request, for the budgets
// the server keeps per client (the editor's sign-in, LinkedIn's reconnect).
package clientaddr

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies are the networks whose X-Forwarded-For is believed; none by
// default, since behind a LoadBalancer any private address may be a visitor.
type Proxies []netip.Prefix

// ParseProxies reads a list of CIDRs or single addresses separated by
// commas or spaces ("10.0.0.0/8, 127.0.0.1").
func ParseProxies(list string) (Proxies, error) {
	var p Proxies
	for _, s := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		prefix, err := netip.ParsePrefix(s)
		if err != nil {
			addr, aerr := netip.ParseAddr(s)
			if aerr != nil {
				return nil, fmt.Errorf("%q is neither a CIDR nor an address", s)
			}
			prefix = netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen())
		}
		p = append(p, prefix.Masked())
	}
	return p, nil
}

func (p Proxies) trusted(a netip.Addr) bool {
	for _, prefix := range p {
		if prefix.Contains(a) {
			return true
		}
	}
	return false
}

// Of is the connection's peer or, behind proxies of p, the last address of
// X-Forwarded-For that is not one: entries left of it are the client's own.
func (p Proxies) Of(r *http.Request) netip.Addr {
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
	for i := len(values) - 1; i >= 0 && p.trusted(addr); i-- {
		entries := strings.Split(values[i], ",")
		for j := len(entries) - 1; j >= 0 && p.trusted(addr); j-- {
			next, err := netip.ParseAddr(strings.TrimSpace(entries[j]))
			if err != nil {
				return addr
			}
			addr = next.Unmap().WithZone("")
		}
	}
	return addr
}

type contextKey struct{}

// Wrap hands next requests whose client is resolved through p, for Key.
func (p Proxies) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), contextKey{}, p.Of(r))))
	})
}

// Key is the budget key of r's client: its IPv4 address, or the /64 of its
// IPv6 one (a subscriber may use any address of its /64).
func Key(r *http.Request) string {
	a, ok := r.Context().Value(contextKey{}).(netip.Addr)
	if !ok {
		a = Proxies(nil).Of(r)
	}
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
