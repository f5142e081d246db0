package linkedin

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// LinkedIn's media are downloaded from signed URLs on its media hosts:
// the clients here reach those hosts only, and the API only.

// DefaultMediaOrigins are LinkedIn's media hosts, the only places media
// bytes are downloaded from unless LINKEDIN_MEDIA_ORIGINS says otherwise.
var DefaultMediaOrigins = []string{"https://media.licdn.com", "https://dms.licdn.com"}

// maxMediaRedirects is how many redirects a media download may follow; each
// hop must be on an allowed origin too.
const maxMediaRedirects = 3

// ErrMediaRefused marks a media download refused before any byte was sent
// to the host: its origin is not allowed, or the address it resolved to is
// not a public one.
var ErrMediaRefused = errors.New("media download refused")

// MediaOrigins is the parsed allow-list: canonical origins, and the
// addresses they name literally, which the dialer lets through (tests' fake).
type MediaOrigins struct {
	origins map[string]bool
	literal map[netip.AddrPort]bool
}

// ParseMediaOrigins checks and canonicalises a list of origins: http or
// https, a host, an optional port, nothing else.
func ParseMediaOrigins(list []string) (MediaOrigins, error) {
	m := MediaOrigins{origins: map[string]bool{}, literal: map[netip.AddrPort]bool{}}
	for _, raw := range list {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		u, err := url.Parse(raw)
		if err != nil {
			return MediaOrigins{}, fmt.Errorf("media origin %q: not a URL", raw)
		}
		if u.User != nil || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || (u.Path != "" && u.Path != "/") {
			return MediaOrigins{}, fmt.Errorf("media origin %q: want scheme://host[:port] only", raw)
		}
		origin, addr, ok := canonicalOrigin(u)
		if !ok {
			return MediaOrigins{}, fmt.Errorf("media origin %q: want an http or https origin with a host", raw)
		}
		m.origins[origin] = true
		if addr.IsValid() {
			m.literal[addr] = true
		}
	}
	if len(m.origins) == 0 {
		return MediaOrigins{}, errors.New("no media origin given")
	}
	return m, nil
}

// canonicalOrigin is u's origin as "scheme://host:port" in lower case with
// the port always written, and the address when the host is an IP literal.
func canonicalOrigin(u *url.URL) (origin string, literal netip.AddrPort, ok bool) {
	scheme := strings.ToLower(u.Scheme)
	if (scheme != "http" && scheme != "https") || u.Hostname() == "" || u.Opaque != "" {
		return "", netip.AddrPort{}, false
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	p, err := netip.ParseAddrPort(net.JoinHostPort(host, port))
	if err == nil {
		literal = netip.AddrPortFrom(p.Addr().Unmap(), p.Port())
	} else if _, perr := netip.ParseAddr(host); perr == nil {
		return "", netip.AddrPort{}, false // an IP with a bad port
	}
	return scheme + "://" + net.JoinHostPort(host, port), literal, true
}

// Allows reports whether u is on an allowed origin. A URL with user
// information is never allowed.
func (m MediaOrigins) Allows(u *url.URL) bool {
	if u == nil || u.User != nil {
		return false
	}
	origin, _, ok := canonicalOrigin(u)
	return ok && m.origins[origin]
}

// RedactURL is u without its query, fragment or user information: what a
// log line may show of a signed download URL.
func RedactURL(u *url.URL) string {
	if u == nil {
		return ""
	}
	return (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String()
}

// RedactError removes the query string of the URL a client error names
// (net/http puts the whole signed URL into its errors).
func RedactError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil {
			return &url.Error{Op: ue.Op, URL: RedactURL(u), Err: ue.Err}
		}
		return &url.Error{Op: ue.Op, URL: "(unparsable URL)", Err: ue.Err}
	}
	return err
}

// refusedAddr reports whether no media download may reach a dialled address:
// loopback, private, link-local, special-purpose, or IPv6 forms embedding one.
func refusedAddr(a netip.Addr) bool {
	if !a.IsValid() {
		return true
	}
	a = a.WithZone("")
	if a.Is4In6() {
		a = a.Unmap()
	}
	if a.Is6() {
		b := a.As16()
		switch {
		case refusedIPv4Compatible.Contains(a) && !a.IsUnspecified() && !a.IsLoopback():
			// ::a.b.c.d, deprecated; judged as the IPv4 address it carries.
			return refusedAddr(netip.AddrFrom4([4]byte(b[12:])))
		case nat64.Contains(a):
			return refusedAddr(netip.AddrFrom4([4]byte(b[12:])))
		}
	}
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return true
	}
	for _, p := range refusedPrefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

var (
	refusedIPv4Compatible = netip.MustParsePrefix("::/96")
	nat64                 = netip.MustParsePrefix("64:ff9b::/96")
	// refusedPrefixes are the special-purpose blocks the netip predicates
	// leave out (RFC 6890 and its successors).
	refusedPrefixes = []netip.Prefix{
		netip.MustParsePrefix("0.0.0.0/8"),
		netip.MustParsePrefix("100.64.0.0/10"),
		netip.MustParsePrefix("192.0.0.0/24"),
		netip.MustParsePrefix("192.0.2.0/24"),
		netip.MustParsePrefix("198.18.0.0/15"),
		netip.MustParsePrefix("198.51.100.0/24"),
		netip.MustParsePrefix("203.0.113.0/24"),
		netip.MustParsePrefix("240.0.0.0/4"),
		netip.MustParsePrefix("64:ff9b:1::/48"),
		netip.MustParsePrefix("100::/64"),
		netip.MustParsePrefix("2001:db8::/32"),
		netip.MustParsePrefix("fec0::/10"),
	}
)

// dialControl checks the address actually dialled, after DNS, so a name that
// resolves or rebinds to an internal address is refused.
func (m MediaOrigins) dialControl(_ context.Context, network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: dial %s %q: not an address", ErrMediaRefused, network, address)
	}
	ap = netip.AddrPortFrom(ap.Addr().WithZone("").Unmap(), ap.Port())
	if m.literal[ap] {
		return nil
	}
	if refusedAddr(ap.Addr()) {
		return fmt.Errorf("%w: address %s is not a public one", ErrMediaRefused, ap.Addr())
	}
	return nil
}

// NewMediaClient downloads media: no proxy from the environment (it would
// dial past the address check), and redirects to allowed origins only.
func NewMediaClient(m MediaOrigins) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, ControlContext: m.dialControl}
	transport := &http.Transport{
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 15 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	return &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxMediaRedirects {
				return fmt.Errorf("%w: more than %d redirects", ErrMediaRefused, maxMediaRedirects)
			}
			if !m.Allows(req.URL) {
				return fmt.Errorf("%w: redirect to %s, an origin not in LINKEDIN_MEDIA_ORIGINS", ErrMediaRefused, RedactURL(req.URL))
			}
			return nil
		},
	}
}

// NewAPIClient calls the API and token endpoint and follows no redirect, so
// tokens and the client secret go to the configured URL only.
func NewAPIClient() *http.Client {
	return &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
