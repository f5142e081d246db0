package ci

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// fakePulls answers "List pull requests", GET /repos/{owner}/{repo}/pulls
// (docs.github.com/en/rest/pulls/pulls#list-pull-requests), paginated with a
// Link header (docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api).
type fakePulls struct {
	pulls []int
	srv   *httptest.Server
}

func newFakePulls(t *testing.T, pulls []int) *fakePulls {
	f := &fakePulls{pulls: pulls}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /repos/veldhaven/site/pulls", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("state") != "open" || r.Header.Get("Authorization") != "Bearer tok" {
			http.Error(w, `{"message":"Bad request"}`, http.StatusBadRequest)
			return
		}
		// Two per page, so the sweeper must follow the Link header.
		page := 1
		fmt.Sscan(r.URL.Query().Get("page"), &page)
		from := (page - 1) * 2
		var items []string
		for i := from; i < from+2 && i < len(f.pulls); i++ {
			items = append(items, fmt.Sprintf(`{"number":%d,"state":"open","title":"t"}`, f.pulls[i]))
		}
		if from+2 < len(f.pulls) {
			w.Header().Set("Link", fmt.Sprintf(`<%s/repos/veldhaven/site/pulls?state=open&per_page=100&page=%d>; rel="next", <%s/repos/veldhaven/site/pulls?page=9>; rel="last"`, f.srv.URL, page+1, f.srv.URL))
		}
		fmt.Fprintf(w, "[%s]", strings.Join(items, ","))
	})
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakePulls) client() GitHub {
	return GitHub{API: f.srv.URL, Token: "tok", Client: f.srv.Client()}
}

func TestOpenPullsFollowsPages(t *testing.T) {
	f := newFakePulls(t, []int{12, 3, 40, 7, 5})
	got, err := OpenPulls(context.Background(), f.client(), "veldhaven/site")
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{3, 5, 7, 12, 40}; !slices.Equal(got, want) {
		t.Errorf("open pull requests %v, want %v (every page)", got, want)
	}
	if _, err := OpenPulls(context.Background(), f.client(), "not a repo"); err == nil {
		t.Error("a malformed repository was sent to GitHub")
	}
}
