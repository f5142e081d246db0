package ci

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeGitHub answers the REST endpoints the live site check calls, in the
// shapes GitHub documents (API version 2022-11-28); each handler names its page.
type fakeGitHub struct {
	mu       sync.Mutex
	issues   map[int]*fakeIssue
	comments map[int][]string
	runs     map[string][]workflowRun // workflow file -> runs, newest first
	enabled  []string
	// pageSize is the fake's own page size, smaller than the per_page asked,
	// so that the client must follow the Link header.
	pageSize int
	// limited answers the next requests with a rate limit, one each.
	limited  []func(http.ResponseWriter)
	requests int
}

type fakeIssue struct {
	title, body, state string
	labels             []string
	pull               bool
}

func (f *fakeGitHub) issueJSON(n int) map[string]any {
	i := f.issues[n]
	labels := []map[string]any{}
	for _, l := range i.labels {
		labels = append(labels, map[string]any{"name": l, "color": "ededed"})
	}
	out := map[string]any{
		"number": n, "title": i.title, "body": i.body, "state": i.state, "labels": labels,
		"url": fmt.Sprintf("https://api.github.com/repos/veldhaven/site/issues/%d", n),
	}
	if i.pull {
		out["pull_request"] = map[string]any{"url": fmt.Sprintf("https://api.github.com/repos/veldhaven/site/pulls/%d", n)}
	}
	return out
}

func (f *fakeGitHub) serve(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	// "List repository issues": open by default, labels a comma-separated
	// list that must all match, pull requests included (with a
	// pull_request key), pages linked by the Link header
	// (docs.github.com/en/rest/issues/issues#list-repository-issues,
	// docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api).
	mux.HandleFunc("GET /repos/veldhaven/site/issues", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var numbers []int
		for n, i := range f.issues {
			state := q.Get("state")
			if state == "" {
				state = "open"
			}
			if state != "all" && i.state != state {
				continue
			}
			want := strings.Split(q.Get("labels"), ",")
			if q.Get("labels") != "" && slices.ContainsFunc(want, func(l string) bool { return !slices.Contains(i.labels, l) }) {
				continue
			}
			numbers = append(numbers, n)
		}
		slices.Sort(numbers)
		page, _ := strconv.Atoi(q.Get("page"))
		page = max(page, 1)
		from, to := (page-1)*f.pageSize, page*f.pageSize
		if to < len(numbers) {
			next := *r.URL
			q.Set("page", strconv.Itoa(page+1))
			next.RawQuery = q.Encode()
			w.Header().Set("Link", fmt.Sprintf(`<http://%s%s>; rel="next"`, r.Host, next.RequestURI()))
		}
		out := []map[string]any{}
		for _, n := range numbers[min(from, len(numbers)):min(to, len(numbers))] {
			out = append(out, f.issueJSON(n))
		}
		_ = json.NewEncoder(w).Encode(out)
	})
	// "Create an issue": 201 with the issue
	// (docs.github.com/en/rest/issues/issues#create-an-issue).
	mux.HandleFunc("POST /repos/veldhaven/site/issues", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Title  string   `json:"title"`
			Body   string   `json:"body"`
			Labels []string `json:"labels"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Title == "" {
			w.WriteHeader(http.StatusUnprocessableEntity)
			fmt.Fprint(w, `{"message":"Validation Failed","documentation_url":"https://docs.github.com/rest/issues/issues#create-an-issue","status":"422"}`)
			return
		}
		n := 1
		for k := range f.issues {
			n = max(n, k+1)
		}
		f.issues[n] = &fakeIssue{title: in.Title, body: in.Body, state: "open", labels: in.Labels}
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(f.issueJSON(n))
	})
	// "Update an issue": body, state and state_reason; 200 with the issue
	// (docs.github.com/en/rest/issues/issues#update-an-issue).
	mux.HandleFunc("PATCH /repos/veldhaven/site/issues/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		i, ok := f.issues[n]
		if !ok {
			notFound(w)
			return
		}
		var in map[string]string
		_ = json.NewDecoder(r.Body).Decode(&in)
		if b, ok := in["body"]; ok {
			i.body = b
		}
		if s, ok := in["state"]; ok {
			if s != "open" && s != "closed" || (in["state_reason"] != "" && in["state_reason"] != "completed" && in["state_reason"] != "not_planned" && in["state_reason"] != "reopened") {
				w.WriteHeader(http.StatusUnprocessableEntity)
				fmt.Fprint(w, `{"message":"Validation Failed"}`)
				return
			}
			i.state = s
		}
		_ = json.NewEncoder(w).Encode(f.issueJSON(n))
	})
	// "Create an issue comment": 201 with the comment
	// (docs.github.com/en/rest/issues/comments#create-an-issue-comment).
	mux.HandleFunc("POST /repos/veldhaven/site/issues/{n}/comments", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		if _, ok := f.issues[n]; !ok {
			notFound(w)
			return
		}
		var in struct {
			Body string `json:"body"`
		}
		_ = json.NewDecoder(r.Body).Decode(&in)
		f.comments[n] = append(f.comments[n], in.Body)
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"id":%d,"body":%q}`, len(f.comments[n]), in.Body)
	})
	// "List workflow runs for a workflow": {total_count, workflow_runs},
	// newest first, filtered by branch and status; 404 for a workflow the
	// repository does not have
	// (docs.github.com/en/rest/actions/workflow-runs#list-workflow-runs-for-a-workflow).
	mux.HandleFunc("GET /repos/veldhaven/site/actions/workflows/{id}/runs", func(w http.ResponseWriter, r *http.Request) {
		runs, ok := f.runs[r.PathValue("id")]
		if !ok {
			notFound(w)
			return
		}
		if r.URL.Query().Get("status") != "completed" || r.URL.Query().Get("branch") != "main" {
			t.Errorf("runs asked with %s: want branch=main, status=completed", r.URL.RawQuery)
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"total_count": len(runs), "workflow_runs": runs})
	})
	// "Enable a workflow": 204
	// (docs.github.com/en/rest/actions/workflows#enable-a-workflow).
	mux.HandleFunc("PUT /repos/veldhaven/site/actions/workflows/{id}/enable", func(w http.ResponseWriter, r *http.Request) {
		f.enabled = append(f.enabled, r.PathValue("id"))
		w.WriteHeader(http.StatusNoContent)
	})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.requests++
		if r.Header.Get("Authorization") != "Bearer tok" || r.Header.Get("X-GitHub-Api-Version") != "2022-11-28" {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"message":"Bad credentials"}`)
			return
		}
		if len(f.limited) > 0 {
			answer := f.limited[0]
			f.limited = f.limited[1:]
			answer(w)
			return
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func notFound(w http.ResponseWriter) {
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprint(w, `{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}`)
}

// Rate limits as GitHub documents them ("Rate limits for the REST API",
// docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api):
// a secondary limit, 403 or 429 with retry-after in seconds; the primary
// limit, 403 or 429 with x-ratelimit-remaining 0 and x-ratelimit-reset.
func secondaryLimit(status int, seconds string) func(http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		w.Header().Set("Retry-After", seconds)
		w.WriteHeader(status)
		fmt.Fprint(w, `{"message":"You have exceeded a secondary rate limit."}`)
	}
}

func primaryLimit(reset time.Time) func(http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		w.Header().Set("X-RateLimit-Limit", "1000")
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(reset.Unix(), 10))
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprint(w, `{"message":"API rate limit exceeded for installation."}`)
	}
}

func newFakeGitHub(t *testing.T) (*fakeGitHub, GitHub) {
	f := &fakeGitHub{issues: map[int]*fakeIssue{}, comments: map[int][]string{}, runs: map[string][]workflowRun{}, pageSize: 2}
	srv := f.serve(t)
	return f, GitHub{API: srv.URL, Token: "tok", Client: srv.Client()}
}

func TestReconcile(t *testing.T) {
	f, g := newFakeGitHub(t)
	ctx := context.Background()
	now := time.Date(2027, 3, 1, 6, 0, 0, 0, time.UTC)
	// Three pull requests carry the label too (the list returns them) and
	// come first, so the open feed issue is on the second page.
	for n := 1; n <= 3; n++ {
		f.issues[n] = &fakeIssue{title: "a pull request", state: "open", labels: []string{MonitorLabel, KindSiteDown}, pull: true}
	}
	f.issues[4] = &fakeIssue{title: "old", body: summaryPrefix + "the feed is stale\n", state: "open", labels: []string{MonitorLabel, KindFeedStale}}
	f.issues[5] = &fakeIssue{title: "unrelated", state: "open", labels: []string{KindSiteDown}}
	findings := func(down string) []Finding {
		return []Finding{
			{Kind: KindSiteDown, Problem: down != "", Summary: down},
			{Kind: KindFeedStale, Summary: "the feed is fresh"},
			{Kind: KindLinkedInToken, Summary: "works"},
			{Kind: KindCertificate, Problem: true, Summary: "the certificate expires on 2027-03-10: its renewal is not working", Detail: "in 9 days"},
			{Kind: KindRelease, Summary: "ok"},
		}
	}

	// The first run: two problems open an issue each; the fixed feed's
	// issue is commented on and closed; the pull requests and the issue
	// without the check's label are left alone.
	out, err := Reconcile(ctx, g, "veldhaven/site", findings("https://www.veldhaven.eu does not answer"), "https://run/1", now)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out.Opened, []int{6, 7}) || len(out.Updated) != 0 || !slices.Equal(out.Closed, []int{4}) {
		t.Fatalf("first run: %+v, want opened [6 7], closed [4]", out)
	}
	if i := f.issues[6]; !slices.Equal(i.labels, []string{MonitorLabel, KindSiteDown}) || i.title != issueTitles[KindSiteDown][0] ||
		!strings.Contains(i.body, `docs/operations.md, "The site is not answering"`) || !strings.Contains(i.body, "https://run/1") {
		t.Errorf("site-down issue: %+v", i)
	}
	if f.issues[4].state != "closed" || len(f.comments[4]) != 1 || !strings.HasPrefix(f.comments[4][0], "Fixed: the feed is fresh") {
		t.Errorf("feed issue: %s, comments %q", f.issues[4].state, f.comments[4])
	}
	for n := 1; n <= 5; n++ {
		if n != 4 && (f.issues[n].state != "open" || len(f.comments[n]) != 0) {
			t.Errorf("#%d was touched: %+v %q", n, f.issues[n], f.comments[n])
		}
	}

	// The same problems again: the bodies are updated, nobody is
	// e-mailed a comment, nothing new is opened.
	out, err = Reconcile(ctx, g, "veldhaven/site", findings("https://www.veldhaven.eu does not answer"), "https://run/2", now.Add(24*time.Hour))
	if err != nil || len(out.Opened) != 0 || !slices.Equal(out.Updated, []int{6, 7}) || len(f.comments[6])+len(f.comments[7]) != 0 {
		t.Fatalf("second run: %+v, %v, comments %v", out, err, f.comments)
	}
	if !strings.Contains(f.issues[6].body, "https://run/2") {
		t.Errorf("the body does not name the latest run: %q", f.issues[6].body)
	}
	// The problem changes: a comment says so.
	if _, err := Reconcile(ctx, g, "veldhaven/site", findings("https://www.veldhaven.eu/healthz answers 503"), "https://run/3", now); err != nil {
		t.Fatal(err)
	}
	if c := f.comments[6]; len(c) != 1 || c[0] != "Now: https://www.veldhaven.eu/healthz answers 503" {
		t.Errorf("changed problem: comments %q", c)
	}
	// Fixed: closed, and a new outage later opens a new issue.
	if out, err := Reconcile(ctx, g, "veldhaven/site", findings(""), "https://run/4", now); err != nil || !slices.Equal(out.Closed, []int{6}) {
		t.Fatalf("fixed: %+v, %v", out, err)
	}
	if out, err := Reconcile(ctx, g, "veldhaven/site", findings("down again"), "https://run/5", now); err != nil || !slices.Equal(out.Opened, []int{8}) {
		t.Errorf("a new outage: %+v, %v", out, err)
	}

	if _, err := Reconcile(ctx, g, "not a repo", findings(""), "", now); err == nil {
		t.Error("a malformed repository was accepted")
	}
	if _, err := Reconcile(ctx, g, "veldhaven/other", findings(""), "", now); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("a repository GitHub does not know: %v, want not found", err)
	}
}

func TestGitHubRateLimits(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		limited  []func(http.ResponseWriter)
		ok       bool
		requests int
		say      string
	}{
		{"a secondary limit of a second (429) is waited out", []func(http.ResponseWriter){secondaryLimit(http.StatusTooManyRequests, "1")}, true, 2, ""},
		{"the primary limit lifting at once (403) is waited out", []func(http.ResponseWriter){primaryLimit(time.Now().Add(-time.Second))}, true, 2, ""},
		{"a limit for an hour is an error at once", []func(http.ResponseWriter){primaryLimit(time.Now().Add(time.Hour))}, false, 1, "lifts in"},
		{"a limit twice in a row is an error", []func(http.ResponseWriter){secondaryLimit(http.StatusForbidden, "0"), secondaryLimit(http.StatusForbidden, "0")}, false, 2, "secondary rate limit"},
		{"a 403 without a limit (no permission) is not retried", []func(http.ResponseWriter){func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"message":"Resource not accessible by integration"}`)
		}}, false, 1, "Resource not accessible"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, g := newFakeGitHub(t)
			f.limited = tc.limited
			err := KeepEnabled(ctx, g, "veldhaven/site", []string{"monitor.yml"})
			if (err == nil) != tc.ok || f.requests != tc.requests || (err != nil && !strings.Contains(err.Error(), tc.say)) {
				t.Errorf("err %v after %d requests; want ok %v after %d, saying %q", err, f.requests, tc.ok, tc.requests, tc.say)
			}
			if tc.ok && !slices.Equal(f.enabled, []string{"monitor.yml"}) {
				t.Errorf("enabled %v", f.enabled)
			}
		})
	}
}

func TestLatestRelease(t *testing.T) {
	ctx := context.Background()
	run := func(conclusion, sha string) workflowRun {
		return workflowRun{ID: 1, Status: "completed", Conclusion: conclusion, HeadSHA: sha + strings.Repeat("0", 33), HTMLURL: "https://github.com/veldhaven/site/actions/runs/1"}
	}
	for _, tc := range []struct {
		name    string
		runs    []workflowRun
		problem bool
		summary string
	}{
		{"failed after a replaced run", []workflowRun{run("cancelled", "aaaaaaa"), run("failure", "bbbbbbb"), run("success", "ccccccc")}, true, "the release of bbbbbbb ended failure"},
		{"timed out", []workflowRun{run("timed_out", "ddddddd")}, true, "ended timed_out"},
		{"succeeded after a replaced run", []workflowRun{run("cancelled", "aaaaaaa"), run("success", "ccccccc")}, false, "(ccccccc) succeeded"},
		{"none yet", []workflowRun{}, false, "no finished release"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, g := newFakeGitHub(t)
			f.runs["release.yml"] = tc.runs
			got := LatestRelease(ctx, g, "veldhaven/site", "release.yml", "main")
			if got.Kind != KindRelease || got.Problem != tc.problem || !strings.Contains(got.Summary, tc.summary) {
				t.Errorf("%+v, want problem %v, %q", got, tc.problem, tc.summary)
			}
		})
	}
	_, g := newFakeGitHub(t)
	if got := LatestRelease(ctx, g, "veldhaven/site", "gone.yml", "main"); !got.Problem || !strings.Contains(got.Detail, "not found") {
		t.Errorf("a workflow GitHub does not know: %+v, want a problem", got)
	}
}

// liveSite is a live site over TLS whose /admin/linkedin/status answers status
// (raw JSON) and whose /healthz answers health.
func liveSite(t *testing.T, health int, status string) (*httptest.Server, *tls.Config) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/healthz":
			w.WriteHeader(health)
			fmt.Fprint(w, map[bool]string{true: "ok", false: "not ready"}[health == 200])
		case "/admin/linkedin/status":
			if status == "" {
				http.Error(w, "boom", http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, status)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	return srv, &tls.Config{RootCAs: pool}
}

func TestLiveCheck(t *testing.T) {
	ctx := context.Background()
	const fine = `{"linkedIn":true,"works":true,"attention":false,"feedStale":false,"message":"Works.","expiryKnown":true}`
	for _, tc := range []struct {
		name     string
		health   int
		status   string
		certLeft time.Duration
		problems map[string]string // kind -> part of its summary
	}{
		{"all well", 200, fine, 60 * 24 * time.Hour, nil},
		{"down", 503, fine, 60 * 24 * time.Hour, map[string]string{KindSiteDown: "answers 503"}},
		{"stale feed", 200, strings.Replace(fine, `"feedStale":false`, `"feedStale":true`, 1), 60 * 24 * time.Hour, map[string]string{KindFeedStale: "stale"}},
		{"no feedStale is unknown, not fine", 200, strings.Replace(fine, `"feedStale":false,`, ``, 1), 60 * 24 * time.Hour, map[string]string{KindFeedStale: "unknown"}},
		{"token expiring", 200, `{"linkedIn":true,"works":true,"attention":true,"feedStale":false,"message":"The LinkedIn connection expires within 14 days: a page admin should reconnect it.","expiryKnown":true}`, 60 * 24 * time.Hour,
			map[string]string{KindLinkedInToken: "expires within 14 days"}},
		{"token failing", 200, `{"linkedIn":true,"works":false,"attention":true,"feedStale":true,"message":"The LinkedIn feed is not working: revoked","expiryKnown":false}`, 60 * 24 * time.Hour,
			map[string]string{KindLinkedInToken: "not working", KindFeedStale: "stale"}},
		{"token expiry unknown", 200, strings.Replace(fine, `"expiryKnown":true`, `"expiryKnown":false`, 1), 60 * 24 * time.Hour, map[string]string{KindLinkedInToken: "expiry is unknown"}},
		{"no expiryKnown is unknown, not fine", 200, strings.Replace(fine, `,"expiryKnown":true`, ``, 1), 60 * 24 * time.Hour, map[string]string{KindLinkedInToken: "expiry is unknown"}},
		{"sample feed", 200, `{"linkedIn":false,"works":false,"attention":false,"feedStale":false,"message":"The sample feed."}`, 60 * 24 * time.Hour, nil},
		{"status broken", 200, "", 60 * 24 * time.Hour, map[string]string{KindFeedStale: "unknown", KindLinkedInToken: "unknown"}},
		{"certificate within 14 days", 200, fine, 13 * 24 * time.Hour, map[string]string{KindCertificate: "renewal is not working"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, roots := liveSite(t, tc.health, tc.status)
			c := LiveCheck{Site: srv.URL, Client: &http.Client{Transport: &http.Transport{TLSClientConfig: roots}}, TLS: roots,
				Now: srv.Certificate().NotAfter.Add(-tc.certLeft), Window: 14 * 24 * time.Hour}
			got := c.Check(ctx)
			var kinds []string
			for _, f := range got {
				kinds = append(kinds, f.Kind)
				want, problem := tc.problems[f.Kind]
				if f.Problem != problem || (problem && !strings.Contains(f.Summary, want)) {
					t.Errorf("%s: problem %v %q (%s), want problem %v %q", f.Kind, f.Problem, f.Summary, f.Detail, problem, want)
				}
			}
			if !slices.Equal(kinds, Kinds[:4]) {
				t.Errorf("kinds %v, want %v", kinds, Kinds[:4])
			}
		})
	}
	// A site that does not answer at all, and a certificate that is not
	// trusted.
	srv, _ := liveSite(t, 200, fine)
	u, _ := url.Parse(srv.URL)
	srv.Close()
	got := LiveCheck{Site: "https://" + u.Host, Client: &http.Client{Timeout: 5 * time.Second}, Now: time.Now(), Window: 14 * 24 * time.Hour}.Check(ctx)
	for _, f := range got {
		if !f.Problem {
			t.Errorf("a closed site: %s is no problem (%q)", f.Kind, f.Summary)
		}
	}
}

// Each issue points at a section of docs/operations.md that says what to do;
// every kind has a title and that section exists.
func TestIssuesNameTheirSection(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs/operations.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range Kinds {
		title, ok := issueTitles[kind]
		if !ok {
			t.Errorf("%s: no issue title", kind)
			continue
		}
		if !regexp.MustCompile(`(?m)^#{2,3} ` + regexp.QuoteMeta(title[1]) + `$`).Match(data) {
			t.Errorf("%s: docs/operations.md has no section %q", kind, title[1])
		}
		if !strings.Contains(string(data), "`"+kind+"`") {
			t.Errorf("docs/operations.md does not name the label %s", kind)
		}
	}
}
