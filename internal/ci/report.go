package ci

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"
)

// ReportLabel marks the weekly check's issue.
const ReportLabel = "weekly-check"

// ReportFailure opens the weekly check's issue in repo, or comments on the one
// open (a month of failures is one issue), and returns its number.
func ReportFailure(ctx context.Context, g GitHub, repo, title, body string) (int, error) {
	if !repoRe.MatchString(repo) {
		return 0, fmt.Errorf("report: repository %q: want owner/name", repo)
	}
	open, err := openIssues(ctx, g, repo, ReportLabel)
	if err != nil {
		return 0, fmt.Errorf("report: %w", err)
	}
	if len(open) > 0 {
		return open[0].Number, comment(ctx, g, repo, open[0].Number, body)
	}
	var created issue
	if _, err := g.send(ctx, http.MethodPost, "/repos/"+repo+"/issues", map[string]any{"title": title, "body": body, "labels": []string{ReportLabel}}, &created); err != nil {
		return 0, fmt.Errorf("report: open an issue: %w", err)
	}
	return created.Number, nil
}

// CertificateExpiry is when the certificate an https origin presents stops
// being valid (the leaf's NotAfter), checked as a browser would (the
// system's roots, the origin's host name) unless roots is given.
func CertificateExpiry(ctx context.Context, origin string, roots *tls.Config) (time.Time, error) {
	u, err := url.Parse(origin)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return time.Time{}, fmt.Errorf("certificate: %q: want an https origin", origin)
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), "443")
	}
	cfg := &tls.Config{ServerName: u.Hostname()}
	if roots != nil {
		cfg = roots.Clone()
		cfg.ServerName = u.Hostname()
	}
	d := tls.Dialer{Config: cfg, NetDialer: &net.Dialer{Timeout: 15 * time.Second}}
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return time.Time{}, fmt.Errorf("certificate of %s: %w", u.Host, err)
	}
	defer conn.Close()
	certs := conn.(*tls.Conn).ConnectionState().PeerCertificates
	if len(certs) == 0 {
		return time.Time{}, fmt.Errorf("certificate of %s: none presented", u.Host)
	}
	return certs[0].NotAfter, nil
}
