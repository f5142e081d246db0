package ci

import (
	"context"
	"fmt"
	"net/http"
	"sort"
)

// OpenPulls lists the numbers of repo's open pull requests, every page, for the
// sweeper of previews whose teardown failed (sweep-previews.yml).
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
