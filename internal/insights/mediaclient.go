package insights

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

// DefaultMediaOrigins are LinkedIn's media hosts, the only places media
// bytes are downloaded from unless LINKEDIN_MEDIA_ORIGINS says otherwise.
var DefaultMediaOrigins = []string{"https://media.licdn.com", "https://dms.licdn.com"}

// maxMediaRedirects is how many redirects a media download may follow; each
// hop must be on an allowed origin too.
const maxMediaRedirects = 3

// Failure kinds of this file: a media download refused by the allow-list
// or the dialer (answered as a missing image), and an API or token answer
// that tried to redirect (never followed).
const (
	kindRefused    errKind = "refused"
	kindRedirected errKind = "redirected"
)

// errMediaRefused marks a media download refused before any byte was sent
// to the host: its origin is not allowed, or the address it resolved to is
// not a public one.
var errMediaRefused = errors.New("media download refused")

// mediaOrigins is the parsed allow-list: canonical origins, and the
// addresses that allowed origins name literally (which the dialer lets
// through even when they are loopback or private: that is how tests reach
// their fake).
type mediaOrigins struct {
	origins map[string]bool
	literal map[netip.AddrPort]bool
}

// parseMediaOrigins checks and canonicalises a list of origins: http or
// https, a host, an optional port, nothing else.
func parseMediaOrigins(list []string) (mediaOrigins, error) {
	m := mediaOrigins{origins: map[string]bool{}, literal: map[netip.AddrPort]bool{}}
	for _, raw := range list {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		u, err := url.Parse(raw)
		if err != nil {
			return mediaOrigins{}, fmt.Errorf("media origin %q: not a URL", raw)
		}
		if u.User != nil || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || (u.Path != "" && u.Path != "/") {
			return mediaOrigins{}, fmt.Errorf("media origin %q: want scheme://host[:port] only", raw)
		}
		origin, addr, ok := canonicalOrigin(u)
		if !ok {
			return mediaOrigins{}, fmt.Errorf("media origin %q: want an http or https origin with a host", raw)
		}
		m.origins[origin] = true
		if addr.IsValid() {
			m.literal[addr] = true
		}
	}
	if len(m.origins) == 0 {
		return mediaOrigins{}, errors.New("no media origin given")
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

// allows reports whether u is on an allowed origin. A URL with user
// information is never allowed.
func (m mediaOrigins) allows(u *url.URL) bool {
	if u == nil || u.User != nil {
		return false
	}
	origin, _, ok := canonicalOrigin(u)
	return ok && m.origins[origin]
}

// redactURL is u without its query, fragment or user information: what a
// log line may show of a signed download URL.
func redactURL(u *url.URL) string {
	if u == nil {
		return ""
	}
	return (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String()
}

// redactError removes the query string of the URL a client error names
// (net/http puts the whole signed URL into its errors).
func redactError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil {
			return &url.Error{Op: ue.Op, URL: redactURL(u), Err: ue.Err}
		}
		return &url.Error{Op: ue.Op, URL: "(unparsable URL)", Err: ue.Err}
	}
	return err
}

// refusedAddr reports whether a dialled address is one no media download
// may reach: loopback, private (RFC 1918 and unique-local fc00::/7),
// link-local (169.254.0.0/16 with the cloud metadata address, fe80::/10),
// carrier-grade NAT (100.64.0.0/10), unspecified, multicast, the other
// special-purpose IPv4 blocks, and IPv6 forms embedding one of those
// (IPv4-mapped, IPv4-compatible, NAT64).
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

// dialControl is the media dialer's check, run on the address actually
// dialled, after DNS resolution: a name that resolves (or rebinds) to an
// internal address is refused. Addresses an allowed origin names literally
// pass.
func (m mediaOrigins) dialControl(_ context.Context, network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: dial %s %q: not an address", errMediaRefused, network, address)
	}
	ap = netip.AddrPortFrom(ap.Addr().WithZone("").Unmap(), ap.Port())
	if m.literal[ap] {
		return nil
	}
	if refusedAddr(ap.Addr()) {
		return fmt.Errorf("%w: address %s is not a public one", errMediaRefused, ap.Addr())
	}
	return nil
}

// newMediaClient is the client of media downloads: its own transport,
// with no proxy from the environment (a proxy would dial for us, past the
// address check) and a dialer that refuses internal addresses; redirects
// only to allowed origins, at most maxMediaRedirects.
func newMediaClient(m mediaOrigins) *http.Client {
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
				return fmt.Errorf("%w: more than %d redirects", errMediaRefused, maxMediaRedirects)
			}
			if !m.allows(req.URL) {
				return fmt.Errorf("%w: redirect to %s, an origin not in LINKEDIN_MEDIA_ORIGINS", errMediaRefused, redactURL(req.URL))
			}
			return nil
		},
	}
}

// newAPIClient is the client of LinkedIn's API and token endpoint: it
// follows no redirect, so the access token, the refresh token and the
// client secret go to the configured URL and nowhere else (Go would resend
// them to any host of the same name, any port, any scheme). A redirect is
// answered as an upstream error of kind "redirected".
func newAPIClient() *http.Client {
	return &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// checkMediaURL refuses a download URL whose origin is not allowed, before
// anything is dialled.
func checkMediaURL(m mediaOrigins, dl *url.URL) error {
	if !m.allows(dl) {
		return &upstreamError{Endpoint: "media", Kind: kindRefused,
			Err: fmt.Errorf("%w: download URL %s is not on an origin of LINKEDIN_MEDIA_ORIGINS", errMediaRefused, redactURL(dl))}
	}
	return nil
}

// mediaTransportError classifies an error of a media download: refused by
// the allow-list or the dialer, or a transport failure; the URL it names
// loses its query string either way.
func mediaTransportError(err error) *upstreamError {
	if errors.Is(err, errMediaRefused) {
		return &upstreamError{Endpoint: "media", Kind: kindRefused, Err: redactError(err)}
	}
	e := classifyTransport("media", err)
	e.Err = redactError(e.Err)
	return e
}
