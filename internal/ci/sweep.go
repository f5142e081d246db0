package ci

import (
	"context"
	"fmt"
	"net/http"
	"sort"
)

// The previews' leftovers: a pull request's Helm release is removed by the
// preview workflow's teardown when it closes, but a teardown that failed (a
// cluster that did not answer, a cancelled run) leaves it running. The
// sweeper (sweep-previews.yml) asks GitHub which pull requests are open and
// scripts/deploy.sh sweep-previews removes the rest.

// OpenPulls lists the numbers of repo's open pull requests, every page.
func OpenPulls(ctx context.Context, g GitHub, repo string) ([]int, error) {
	if !repoRe.MatchString(repo) {
		return nil, fmt.Errorf("open pull requests: repository %q: want owner/name", repo)
	}
	var out []int
	for page := "/repos/" + repo + "/pulls?state=open&per_page=100"; page != ""; {
		var pulls []struct {
			Number int `json:"number"`
		}
		next, err := g.send(ctx, http.MethodGet, page, nil, &pulls)
		if err != nil {
			return nil, fmt.Errorf("open pull requests: %w", err)
		}
		for _, p := range pulls {
			out = append(out, p.Number)
		}
		page = next
	}
	sort.Ints(out)
	return out, nil
}
