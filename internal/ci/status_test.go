package ci

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/veldhaven/site/internal/editor"
)

const testSHA = "0123456789abcdef0123456789abcdef01234567"

// fakeStatuses answers POST /repos/{owner}/{repo}/statuses/{sha} as GitHub
// documents it (https://docs.github.com/en/rest/commits/statuses#create-a-commit-status):
// 201 with the status, 401 {"message":"Bad credentials"} for a wrong token,
// 422 {"message":"Validation Failed"} for a bad state. got receives each body.
func fakeStatuses(t *testing.T, got *[]Status) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if r.Method != http.MethodPost || r.URL.Path != "/repos/veldhaven/site/statuses/"+testSHA {
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}`)
			return
		}
		if r.Header.Get("Authorization") != "Bearer good-token" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}`)
			return
		}
		if r.Header.Get("Accept") != "application/vnd.github+json" || r.Header.Get("X-GitHub-Api-Version") != "2022-11-28" {
			t.Errorf("headers %v", r.Header)
		}
		var s Status
		if err := json.NewDecoder(r.Body).Decode(&s); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		*got = append(*got, s)
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": 1, "state": s.State, "target_url": s.TargetURL, "description": s.Description, "context": s.Context,
		})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestPostStatus(t *testing.T) {
	var got []Status
	srv := fakeStatuses(t, &got)
	target := StatusTarget{API: srv.URL + "/", Repo: "veldhaven/site", SHA: testSHA, Token: "good-token"}
	preview := Status{State: "success", TargetURL: "https://pr-12.preview.veldhaven.eu", Description: "Preview ready", Context: Contexts["preview"]}

	if err := PostStatus(context.Background(), srv.Client(), target, preview); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != preview {
		t.Fatalf("GitHub received %+v, want %+v", got, preview)
	}

	tests := []struct {
		name    string
		target  StatusTarget
		status  Status
		errPart string
	}{
		{"wrong token", StatusTarget{srv.URL, "veldhaven/site", testSHA, "bad-token"}, preview, "401: Bad credentials"},
		{"no token", StatusTarget{srv.URL, "veldhaven/site", testSHA, ""}, preview, "no token"},
		{"short commit", StatusTarget{srv.URL, "veldhaven/site", "0123456", "good-token"}, preview, "full 40-character"},
		{"bad repository", StatusTarget{srv.URL, "veldhaven/site/x", testSHA, "good-token"}, preview, "owner/name"},
		{"unknown repository", StatusTarget{srv.URL, "veldhaven/other", testSHA, "good-token"}, preview, "not found"},
		{"bad state", target, Status{State: "done", Context: "x"}, "want error, failure, pending or success"},
		{"no context", target, Status{State: "success"}, "empty context"},
		{"long description", target, Status{State: "success", Context: "x", Description: strings.Repeat("é", 141)}, "at most 140"},
		{"target not http", target, Status{State: "success", Context: "x", TargetURL: "javascript:alert(1)"}, "http(s) URL"},
		{"API not http", StatusTarget{"file:///etc", "veldhaven/site", testSHA, "good-token"}, preview, "API origin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := PostStatus(context.Background(), srv.Client(), tt.target, tt.status)
			if err == nil || !strings.Contains(err.Error(), tt.errPart) {
				t.Fatalf("error %v, want one about %q", err, tt.errPart)
			}
			if strings.Contains(err.Error(), "good-token") || strings.Contains(err.Error(), "bad-token") {
				t.Errorf("the token is in the error: %v", err)
			}
		})
	}
	if len(got) != 1 {
		t.Errorf("%d statuses reached GitHub, want only the good one", len(got))
	}
}

// The preview's status is the one the editor looks for; production's is another.
func TestContexts(t *testing.T) {
	if Contexts["preview"] != editor.PreviewContext {
		t.Errorf("preview context %q, the editor's preview_context is %q", Contexts["preview"], editor.PreviewContext)
	}
	if Contexts["production"] == "" || Contexts["production"] == Contexts["preview"] {
		t.Errorf("production context %q", Contexts["production"])
	}
}
