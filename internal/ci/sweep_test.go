package ci

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// fakeGitHub answers the REST endpoints the sweeper calls, in the shapes
// GitHub documents:
//   - "List pull requests", GET /repos/{owner}/{repo}/pulls
//     (docs.github.com/en/rest/pulls/pulls#list-pull-requests), paginated
//     with a Link header (docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api);
//   - "Get a user", GET /users/{username}, whose "type" is "User" or
//     "Organization" (docs.github.com/en/rest/users/users#get-a-user);
//   - "List package versions for a package owned by an organization" and
//     "... by a user", GET /orgs|users/{owner}/packages/container/{package_name}/versions,
//     each with metadata.container.tags, and the matching "Delete package
//     version" (204 No Content), or 404 for a package never pushed
//     (docs.github.com/en/rest/packages/packages).
type fakeGitHub struct {
	mu       sync.Mutex
	ownerTyp string
	pulls    []int
	versions map[int64][]string // id -> tags; nil: no such package
	deleted  []int64
	srv      *httptest.Server
}

func newFakeGitHub(t *testing.T, ownerType string, pulls []int, versions map[int64][]string) *fakeGitHub {
	f := &fakeGitHub{ownerTyp: ownerType, pulls: pulls, versions: versions}
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
	mux.HandleFunc("GET /users/veldhaven", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"login":"veldhaven","id":1,"type":%q}`, f.ownerTyp)
	})
	kind := "users"
	if ownerType == "Organization" {
		kind = "orgs"
	}
	prefix := "/" + kind + "/veldhaven/packages/container/site%2Fpreview/versions"
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		path := r.URL.EscapedPath()
		if !strings.HasPrefix(path, prefix) || f.versions == nil {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"message":"Package not found.","documentation_url":"https://docs.github.com/rest/packages/packages"}`)
			return
		}
		switch {
		case r.Method == http.MethodGet && path == prefix:
			var items []string
			for id, tags := range f.versions {
				quoted := make([]string, len(tags))
				for i, tag := range tags {
					quoted[i] = fmt.Sprintf("%q", tag)
				}
				items = append(items, fmt.Sprintf(`{"id":%d,"name":"sha256:%064d","package_html_url":"https://github.com/veldhaven/site/pkgs/container/site%%2Fpreview","metadata":{"package_type":"container","container":{"tags":[%s]}}}`, id, id, strings.Join(quoted, ",")))
			}
			fmt.Fprintf(w, "[%s]", strings.Join(items, ","))
		case r.Method == http.MethodDelete:
			var id int64
			fmt.Sscan(strings.TrimPrefix(path, prefix+"/"), &id)
			if _, ok := f.versions[id]; !ok {
				w.WriteHeader(http.StatusNotFound)
				return
			}
			delete(f.versions, id)
			f.deleted = append(f.deleted, id)
			w.WriteHeader(http.StatusNoContent)
		default:
			w.WriteHeader(http.StatusMethodNotAllowed)
		}
	})
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeGitHub) client() GitHub {
	return GitHub{API: f.srv.URL, Token: "tok", Client: f.srv.Client()}
}

func TestOpenPullsFollowsPages(t *testing.T) {
	f := newFakeGitHub(t, "Organization", []int{12, 3, 40, 7, 5}, nil)
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

func TestStalePreviewVersions(t *testing.T) {
	v := func(id int64, tags ...string) PackageVersion {
		var p PackageVersion
		p.ID = id
		p.Metadata.Container.Tags = tags
		return p
	}
	versions := []PackageVersion{
		v(1, "pr-7-aaaa"),              // open: kept
		v(2, "pr-8-bbbb"),              // closed: deleted
		v(3),                           // untagged (a platform image or attestation): kept
		v(4, "pr-8-cccc", "pr-7-dddd"), // one tag is an open one's: kept
		v(5, "latest"),                 // not a preview tag: kept
		v(6, "pr-80-eeee"),             // 80 is not 8 nor 7: deleted
		v(7, "pr-0-ffff"),              // not a pull request number: kept
	}
	var got []int64
	for _, s := range StalePreviewVersions(versions, []int{7}) {
		got = append(got, s.ID)
	}
	if want := []int64{2, 6}; !slices.Equal(got, want) {
		t.Errorf("stale versions %v, want %v", got, want)
	}
}

func TestSweepPreviewImages(t *testing.T) {
	for _, ownerType := range []string{"Organization", "User"} {
		t.Run(ownerType, func(t *testing.T) {
			f := newFakeGitHub(t, ownerType, nil, map[int64][]string{
				1: {"pr-7-aaaa"}, 2: {"pr-8-bbbb"}, 3: nil, 4: {"pr-9-cccc"},
			})
			deleted, err := SweepPreviewImages(context.Background(), f.client(), "veldhaven", "site/preview", []int{7})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(deleted)
			slices.Sort(f.deleted)
			if !slices.Equal(deleted, []string{"pr-8-bbbb", "pr-9-cccc"}) || !slices.Equal(f.deleted, []int64{2, 4}) {
				t.Errorf("deleted tags %v, versions %v; want pr-8 and pr-9's (2, 4)", deleted, f.deleted)
			}
			if _, ok := f.versions[1]; !ok {
				t.Error("the open pull request's image was deleted")
			}
			if _, ok := f.versions[3]; !ok {
				t.Error("an untagged version was deleted")
			}
		})
	}
	t.Run("no package yet", func(t *testing.T) {
		f := newFakeGitHub(t, "Organization", nil, nil)
		deleted, err := SweepPreviewImages(context.Background(), f.client(), "veldhaven", "site/preview", nil)
		if err != nil || len(deleted) != 0 {
			t.Errorf("deleted %v, err %v; want nothing and no error", deleted, err)
		}
	})
}
