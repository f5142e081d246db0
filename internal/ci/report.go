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

// The weekly check of main (weekly.yml) tells the owner where they already
// look: an open issue labelled ReportLabel, created on the first failure and
// commented on by each later one, so a month of failures is one issue with
// four comments rather than four issues.

// ReportLabel marks the weekly check's issue.
const ReportLabel = "weekly-check"

// ReportFailure opens the weekly check's issue in repo, or comments on the
// one already open, and returns its number.
func ReportFailure(ctx context.Context, g GitHub, repo, title, body string) (int, error) {
	if !repoRe.MatchString(repo) {
		return 0, fmt.Errorf("report: repository %q: want owner/name", repo)
	}
	var open []struct {
		Number      int `json:"number"`
		PullRequest any `json:"pull_request"`
	}
	if _, err := g.send(ctx, http.MethodGet, "/repos/"+repo+"/issues?state=open&per_page=100&labels="+url.QueryEscape(ReportLabel), nil, &open); err != nil {
		return 0, fmt.Errorf("report: %w", err)
	}
	for _, issue := range open {
		// The issues endpoint lists pull requests too.
		if issue.PullRequest != nil {
			continue
		}
		if _, err := g.send(ctx, http.MethodPost, fmt.Sprintf("/repos/%s/issues/%d/comments", repo, issue.Number), map[string]string{"body": body}, nil); err != nil {
			return 0, fmt.Errorf("report: comment on #%d: %w", issue.Number, err)
		}
		return issue.Number, nil
	}
	var created struct {
		Number int `json:"number"`
	}
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
