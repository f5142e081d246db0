package ci

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeIssues answers the issue endpoints ReportFailure calls, in GitHub's
// documented shapes: "List repository issues" (GET
// /repos/{owner}/{repo}/issues, pull requests included, each with a
// pull_request key), "Create an issue" (201 with the issue) and "Create an
// issue comment" (201), docs.github.com/en/rest/issues/issues and
// docs.github.com/en/rest/issues/comments.
type fakeIssues struct {
	mu       sync.Mutex
	issues   map[int]string // number -> label ("" for none)
	pulls    map[int]bool
	comments map[int][]string
	created  []map[string]any
}

func (f *fakeIssues) serve(t *testing.T) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /repos/veldhaven/site/issues", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		var items []string
		for n, label := range f.issues {
			if q := r.URL.Query().Get("labels"); q != "" && q != label {
				continue
			}
			pr := ""
			if f.pulls[n] {
				pr = fmt.Sprintf(`,"pull_request":{"url":"https://api.github.com/repos/veldhaven/site/pulls/%d"}`, n)
			}
			items = append(items, fmt.Sprintf(`{"number":%d,"state":"open","labels":[{"name":%q}]%s}`, n, label, pr))
		}
		fmt.Fprintf(w, "[%s]", strings.Join(items, ","))
	})
	mux.HandleFunc("POST /repos/veldhaven/site/issues", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		var in map[string]any
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in["title"] == "" {
			w.WriteHeader(http.StatusUnprocessableEntity)
			fmt.Fprint(w, `{"message":"Validation Failed"}`)
			return
		}
		f.created = append(f.created, in)
		n := 100 + len(f.created)
		f.issues[n] = ReportLabel
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"number":%d,"state":"open"}`, n)
	})
	mux.HandleFunc("POST /repos/veldhaven/site/issues/{n}/comments", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		var n int
		fmt.Sscan(r.PathValue("n"), &n)
		var in struct {
			Body string `json:"body"`
		}
		_ = json.NewDecoder(r.Body).Decode(&in)
		f.comments[n] = append(f.comments[n], in.Body)
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{"id":1}`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestReportFailure(t *testing.T) {
	f := &fakeIssues{issues: map[int]string{7: "bug", 8: ReportLabel}, pulls: map[int]bool{8: true}, comments: map[int][]string{}}
	srv := f.serve(t)
	g := GitHub{API: srv.URL, Token: "tok", Client: srv.Client()}
	ctx := context.Background()

	// Only a pull request carries the label: a new issue is opened.
	n, err := ReportFailure(ctx, g, "veldhaven/site", "The weekly check of main failed", "run 1")
	if err != nil || n != 101 || len(f.created) != 1 {
		t.Fatalf("first failure: issue %d, err %v, created %v", n, err, f.created)
	}
	if labels, _ := f.created[0]["labels"].([]any); len(labels) != 1 || labels[0] != ReportLabel {
		t.Errorf("the issue's labels %v, want [%s]", f.created[0]["labels"], ReportLabel)
	}
	// The next failure comments on it.
	n, err = ReportFailure(ctx, g, "veldhaven/site", "The weekly check of main failed", "run 2")
	if err != nil || n != 101 || len(f.created) != 1 || len(f.comments[101]) != 1 || f.comments[101][0] != "run 2" {
		t.Errorf("second failure: issue %d, err %v, created %d, comments %v", n, err, len(f.created), f.comments)
	}
}

func TestCertificateExpiry(t *testing.T) {
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	t.Cleanup(srv.Close)
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	ctx := context.Background()
	dialed := &tls.Config{RootCAs: pool}
	got, err := CertificateExpiry(ctx, srv.URL, dialed)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(srv.Certificate().NotAfter) {
		t.Errorf("expiry %v, want the leaf's NotAfter %v", got, srv.Certificate().NotAfter)
	}
	// An untrusted certificate is an error, not a date.
	if _, err := CertificateExpiry(ctx, srv.URL, &tls.Config{RootCAs: x509.NewCertPool()}); err == nil {
		t.Error("an untrusted certificate gave a date")
	}
	for _, bad := range []string{"http://example.com", "example.com", "https://exa mple.com"} {
		if _, err := CertificateExpiry(ctx, bad, dialed); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
