package ci

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
)

// GitHub is GitHub's REST API as a workflow's token reaches it.
type GitHub struct {
	// API is GitHub's REST origin (GITHUB_API_URL on a runner).
	API    string
	Token  string
	Client *http.Client
}

var errNotFound = errors.New("not found")

// call sends one request and decodes a JSON answer into v (when v is not
// nil); it returns the next page's URL from the Link header, if any.
func (g GitHub) call(ctx context.Context, method, target string, v any) (next string, err error) {
	return g.send(ctx, method, target, nil, v)
}

// send is call with a JSON body (when body is not nil).
func (g GitHub) send(ctx context.Context, method, target string, body, v any) (next string, err error) {
	if !strings.HasPrefix(target, "http") {
		target = strings.TrimSuffix(g.API, "/") + target
	}
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return "", fmt.Errorf("%s %s: encode: %w", method, target, err)
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, reader)
	if err != nil {
		return "", err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("Authorization", "Bearer "+g.Token)
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	resp, err := g.Client.Do(req)
	if err != nil {
		return "", fmt.Errorf("%s %s: %w", method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return "", fmt.Errorf("%s %s: %w", method, req.URL.Path, err)
	}
	if resp.StatusCode == http.StatusNotFound {
		return "", fmt.Errorf("%s %s: %w", method, req.URL.Path, errNotFound)
	}
	if resp.StatusCode/100 != 2 {
		var msg struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(answer, &msg)
		return "", fmt.Errorf("%s %s: GitHub answered %d: %s", method, req.URL.Path, resp.StatusCode, msg.Message)
	}
	if v != nil {
		if err := json.Unmarshal(answer, v); err != nil {
			return "", fmt.Errorf("%s %s: decode: %w", method, req.URL.Path, err)
		}
	}
	return nextLink(resp.Header.Get("Link")), nil
}

var linkNext = regexp.MustCompile(`<([^>]+)>;\s*rel="next"`)

// nextLink is the rel="next" URL of a Link header (GitHub's pagination).
func nextLink(h string) string {
	if m := linkNext.FindStringSubmatch(h); m != nil {
		return m[1]
	}
	return ""
}
