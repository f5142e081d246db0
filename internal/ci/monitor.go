package ci

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// MonitorLabel marks every issue of the live site check.
const MonitorLabel = "site-monitor"

// The kinds of problem, each an issue label of its own.
const (
	KindSiteDown      = "site-down"
	KindFeedStale     = "feed-stale"
	KindLinkedInToken = "linkedin-token"
	KindCertificate   = "certificate"
	KindRelease       = "release-failed"
)

// issueTitles are each kind's issue title and docs/operations.md section.
var issueTitles = map[string][2]string{
	KindSiteDown:      {"The live site is not answering", "The site is not answering"},
	KindFeedStale:     {"The LinkedIn feed on the site is stale", "The feed is stale"},
	KindLinkedInToken: {"The LinkedIn connection needs a page admin", "LinkedIn connection"},
	KindCertificate:   {"The site's certificate is about to expire", "Certificates"},
	KindRelease:       {"The latest release failed", "The latest release failed"},
}

// Kinds lists every kind, in the order the check reports them.
var Kinds = []string{KindSiteDown, KindFeedStale, KindLinkedInToken, KindCertificate, KindRelease}

// Finding is what the check saw for one kind: a summary that stays the same
// while the problem does (a comment is posted when it changes), and details.
type Finding struct {
	Kind    string
	Problem bool
	Summary string
	Detail  string
}

// LiveCheck checks a live site (Site, an https origin) as a visitor reaches
// it; TLS is the certificate's dial (nil: the system's roots), and a
// certificate expiring within Window is a problem.
type LiveCheck struct {
	Site   string
	Client *http.Client
	TLS    *tls.Config
	Now    time.Time
	Window time.Duration
}

// linkedInStatus is GET /admin/linkedin/status; a field the site does not send is nil.
type linkedInStatus struct {
	LinkedIn  *bool  `json:"linkedIn"`
	Works     *bool  `json:"works"`
	Attention *bool  `json:"attention"`
	FeedStale *bool  `json:"feedStale"`
	Message   string `json:"message"`
	// ExpiryKnown: the site knows when the token lapses, so attention comes in time.
	ExpiryKnown *bool `json:"expiryKnown"`
}

// Check returns a finding for the site's health, its feed, its LinkedIn
// connection and its certificate.
func (c LiveCheck) Check(ctx context.Context) []Finding {
	origin := strings.TrimSuffix(c.Site, "/")
	out := []Finding{c.health(ctx, origin)}
	var st linkedInStatus
	err := c.getJSON(ctx, origin+"/admin/linkedin/status", &st)
	out = append(out, feedFinding(st, err), tokenFinding(st, err), c.certificate(ctx, origin))
	return out
}

func (c LiveCheck) health(ctx context.Context, origin string) Finding {
	f := Finding{Kind: KindSiteDown}
	resp, body, err := httpGet(ctx, c.Client, origin+"/healthz")
	switch {
	case err != nil:
		f.Problem, f.Summary, f.Detail = true, origin+" does not answer", err.Error()
	case resp.StatusCode != http.StatusOK || strings.TrimSpace(body) != "ok":
		f.Problem, f.Summary = true, fmt.Sprintf("%s/healthz answers %d", origin, resp.StatusCode)
		f.Detail = fmt.Sprintf("GET %s/healthz: %d %.200q, want 200 ok", origin, resp.StatusCode, body)
	default:
		f.Summary = origin + "/healthz answers 200 ok"
	}
	return f
}

func feedFinding(st linkedInStatus, err error) Finding {
	f := Finding{Kind: KindFeedStale}
	switch {
	case err != nil:
		f.Problem, f.Summary, f.Detail = true, "the feed's freshness is unknown: the site's status does not answer", err.Error()
	case st.FeedStale == nil:
		f.Problem, f.Summary = true, "the feed's freshness is unknown: the site's status has no feedStale"
		f.Detail = "GET /admin/linkedin/status answered without feedStale; a site that cannot tell is not known to be fresh."
	case *st.FeedStale:
		f.Problem, f.Summary, f.Detail = true, "the feed is stale", st.Message
	default:
		f.Summary = "the feed is fresh"
	}
	return f
}

func tokenFinding(st linkedInStatus, err error) Finding {
	f := Finding{Kind: KindLinkedInToken}
	switch {
	case err != nil:
		f.Problem, f.Summary, f.Detail = true, "the LinkedIn connection is unknown: the site's status does not answer", err.Error()
	case st.LinkedIn == nil || st.Attention == nil || st.Works == nil:
		f.Problem, f.Summary = true, "the LinkedIn connection is unknown: the site's status lacks linkedIn, works or attention"
	case !*st.LinkedIn:
		f.Summary = "no LinkedIn connection is configured (the sample feed)"
	case *st.Attention || !*st.Works:
		f.Problem, f.Summary = true, st.Message
	case st.ExpiryKnown == nil || !*st.ExpiryKnown:
		f.Problem, f.Summary = true, "the LinkedIn token's expiry is unknown: nothing will warn before it lapses"
		f.Detail = st.Message
	default:
		f.Summary = "the LinkedIn connection works, and lapses in more than 14 days"
	}
	return f
}

func (c LiveCheck) certificate(ctx context.Context, origin string) Finding {
	f := Finding{Kind: KindCertificate}
	expiry, err := CertificateExpiry(ctx, origin, c.TLS)
	if err != nil {
		f.Problem, f.Summary, f.Detail = true, "the site's certificate cannot be checked", err.Error()
		return f
	}
	day := expiry.UTC().Format(time.DateOnly)
	left := expiry.Sub(c.Now)
	f.Detail = fmt.Sprintf("It expires on %s, in %d days.", expiry.UTC().Format(time.RFC3339), int(left.Hours()/24))
	if left < c.Window {
		f.Problem, f.Summary = true, "the certificate expires on "+day+": its renewal is not working"
		return f
	}
	f.Summary = "the certificate is valid until " + day
	return f
}

func (c LiveCheck) getJSON(ctx context.Context, target string, v any) error {
	resp, body, err := httpGet(ctx, c.Client, target)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d %.200q", target, resp.StatusCode, body)
	}
	if err := json.Unmarshal([]byte(body), v); err != nil {
		return fmt.Errorf("GET %s: %w", target, err)
	}
	return nil
}

// workflowRun is one run as GitHub's "List workflow runs for a workflow"
// lists it (docs.github.com/en/rest/actions/workflow-runs).
type workflowRun struct {
	ID         int64  `json:"id"`
	Status     string `json:"status"`
	Conclusion string `json:"conclusion"`
	HeadSHA    string `json:"head_sha"`
	HTMLURL    string `json:"html_url"`
}

// LatestRelease is the finding for the newest finished run of workflow on
// branch; a cancelled or skipped run (replaced by a newer push) is passed over.
func LatestRelease(ctx context.Context, g GitHub, repo, workflow, branch string) Finding {
	f := Finding{Kind: KindRelease}
	var page struct {
		Runs []workflowRun `json:"workflow_runs"`
	}
	q := url.Values{"branch": {branch}, "status": {"completed"}, "per_page": {"20"}}
	_, err := g.send(ctx, http.MethodGet, "/repos/"+repo+"/actions/workflows/"+url.PathEscape(workflow)+"/runs?"+q.Encode(), nil, &page)
	if err != nil {
		f.Problem, f.Summary, f.Detail = true, "the release's status cannot be read", err.Error()
		return f
	}
	for _, run := range page.Runs {
		switch run.Conclusion {
		case "cancelled", "skipped", "stale", "neutral":
			continue
		case "success":
			f.Summary = fmt.Sprintf("the latest release (%.7s) succeeded", run.HeadSHA)
		default:
			f.Problem = true
			f.Summary = fmt.Sprintf("the release of %.7s ended %s", run.HeadSHA, run.Conclusion)
			f.Detail = run.HTMLURL
		}
		return f
	}
	f.Summary = "no finished release on " + branch + " yet"
	return f
}

// issue is one issue as "List repository issues" returns it
// (docs.github.com/en/rest/issues/issues#list-repository-issues).
type issue struct {
	Number      int     `json:"number"`
	Body        string  `json:"body"`
	Labels      []label `json:"labels"`
	PullRequest any     `json:"pull_request"`
}

type label struct {
	Name string `json:"name"`
}

func (i issue) has(name string) bool {
	return slices.Contains(i.Labels, label{name})
}

// Outcome is what Reconcile did, by issue number.
type Outcome struct {
	Opened, Updated, Closed []int
}

// Reconcile makes the open issues match the findings: a problem opens its
// kind's issue or updates it (commenting, which notifies the watchers, when
// its summary changed); a kind without a problem closes its issue.
func Reconcile(ctx context.Context, g GitHub, repo string, findings []Finding, runURL string, now time.Time) (Outcome, error) {
	var out Outcome
	if !repoRe.MatchString(repo) {
		return out, fmt.Errorf("monitor: repository %q: want owner/name", repo)
	}
	open, err := openIssues(ctx, g, repo, MonitorLabel)
	if err != nil {
		return out, fmt.Errorf("monitor: %w", err)
	}
	var errs []error
	for _, f := range findings {
		title, ok := issueTitles[f.Kind]
		if !ok {
			return out, fmt.Errorf("monitor: unknown kind %q", f.Kind)
		}
		at := slices.IndexFunc(open, func(i issue) bool { return i.has(f.Kind) })
		body := issueBody(f, title[1], runURL, now)
		switch {
		case f.Problem && at < 0:
			var created issue
			if _, err := g.send(ctx, http.MethodPost, "/repos/"+repo+"/issues", map[string]any{
				"title": title[0], "body": body, "labels": []string{MonitorLabel, f.Kind},
			}, &created); err != nil {
				errs = append(errs, fmt.Errorf("monitor: open the %s issue: %w", f.Kind, err))
				continue
			}
			out.Opened = append(out.Opened, created.Number)
		case f.Problem:
			n := open[at].Number
			if summaryOf(open[at].Body) != f.Summary {
				if err := comment(ctx, g, repo, n, "Now: "+f.Summary); err != nil {
					errs = append(errs, err)
					continue
				}
			}
			if _, err := g.send(ctx, http.MethodPatch, fmt.Sprintf("/repos/%s/issues/%d", repo, n), map[string]any{"body": body}, nil); err != nil {
				errs = append(errs, fmt.Errorf("monitor: update #%d: %w", n, err))
				continue
			}
			out.Updated = append(out.Updated, n)
		case at >= 0:
			n := open[at].Number
			if err := comment(ctx, g, repo, n, fmt.Sprintf("Fixed: %s (%s, %s).", f.Summary, now.UTC().Format(time.RFC3339), runURL)); err != nil {
				errs = append(errs, err)
				continue
			}
			if _, err := g.send(ctx, http.MethodPatch, fmt.Sprintf("/repos/%s/issues/%d", repo, n), map[string]any{"state": "closed", "state_reason": "completed"}, nil); err != nil {
				errs = append(errs, fmt.Errorf("monitor: close #%d: %w", n, err))
				continue
			}
			out.Closed = append(out.Closed, n)
		}
	}
	return out, errors.Join(errs...)
}

// openIssues lists repo's open issues labelled label, every page, without pull requests.
func openIssues(ctx context.Context, g GitHub, repo, label string) ([]issue, error) {
	var open []issue
	query := url.Values{"state": {"open"}, "labels": {label}, "per_page": {"100"}}
	for next := "/repos/" + repo + "/issues?" + query.Encode(); next != ""; {
		var page []issue
		var err error
		if next, err = g.send(ctx, http.MethodGet, next, nil, &page); err != nil {
			return nil, fmt.Errorf("list issues: %w", err)
		}
		for _, i := range page {
			if i.PullRequest == nil {
				open = append(open, i)
			}
		}
	}
	return open, nil
}

func comment(ctx context.Context, g GitHub, repo string, n int, body string) error {
	if _, err := g.send(ctx, http.MethodPost, fmt.Sprintf("/repos/%s/issues/%d/comments", repo, n), map[string]string{"body": body}, nil); err != nil {
		return fmt.Errorf("comment on #%d: %w", n, err)
	}
	return nil
}

const summaryPrefix = "**Seen:** "

// issueBody is a kind's issue text: the summary on its first line (what
// Reconcile compares), the run's details, and what to do.
func issueBody(f Finding, section, runURL string, now time.Time) string {
	var b strings.Builder
	b.WriteString(summaryPrefix + f.Summary + "\n\n")
	if f.Detail != "" {
		b.WriteString(f.Detail + "\n\n")
	}
	fmt.Fprintf(&b, "Last checked %s by %s.\n\n", now.UTC().Format(time.RFC3339), runURL)
	fmt.Fprintf(&b, "What to do: docs/operations.md, %q. This issue closes itself once the check passes.\n", section)
	return b.String()
}

func summaryOf(body string) string {
	first, _, _ := strings.Cut(body, "\n")
	return strings.TrimPrefix(strings.TrimSpace(first), summaryPrefix)
}

// KeepEnabled enables each workflow, which GitHub disables after 60 quiet days
// (docs.github.com/en/rest/actions/workflows#enable-a-workflow).
func KeepEnabled(ctx context.Context, g GitHub, repo string, workflows []string) error {
	var errs []error
	for _, w := range workflows {
		if _, err := g.send(ctx, http.MethodPut, "/repos/"+repo+"/actions/workflows/"+url.PathEscape(w)+"/enable", nil, nil); err != nil {
			errs = append(errs, fmt.Errorf("keep %s enabled: %w", w, err))
		}
	}
	return errors.Join(errs...)
}
