package ci

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/veldhaven/site/internal/editor"
)

// Contexts are the commit status contexts the workflows post, by the short
// name cmd/ci takes. The preview's is the one the editor's configuration names
// (editor.PreviewContext): Decap shows "View preview" for the status with
// exactly that context.
var Contexts = map[string]string{
	"preview":    editor.PreviewContext,
	"production": "veldhaven/deploy/production",
}

// Status is a commit status as GitHub's REST API takes it
// (https://docs.github.com/en/rest/commits/statuses#create-a-commit-status).
type Status struct {
	State       string `json:"state"`
	TargetURL   string `json:"target_url,omitempty"`
	Description string `json:"description,omitempty"`
	Context     string `json:"context"`
}

// StatusTarget is where a status is posted: the API's origin, the repository
// and the commit, with the token that may write statuses to it.
type StatusTarget struct {
	// API is GitHub's REST origin (GITHUB_API_URL on a runner).
	API string
	// Repo is owner/name (GITHUB_REPOSITORY).
	Repo string
	// SHA is the full commit id the status is for.
	SHA   string
	Token string
}

var (
	shaRe  = regexp.MustCompile(`^[0-9a-f]{40}$`)
	repoRe = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9]|-[A-Za-z0-9]){0,38}/[A-Za-z0-9._-]{1,100}$`)
)

// validate applies GitHub's documented rules before anything is sent: the
// four states, a description of at most 140 characters, an http(s) target.
func (s Status) validate() error {
	switch s.State {
	case "error", "failure", "pending", "success":
	default:
		return fmt.Errorf("status state %q: want error, failure, pending or success", s.State)
	}
	if s.Context == "" {
		return fmt.Errorf("status: empty context")
	}
	if utf8.RuneCountInString(s.Description) > 140 {
		return fmt.Errorf("status description: %d characters, GitHub keeps at most 140", utf8.RuneCountInString(s.Description))
	}
	if s.TargetURL != "" {
		u, err := url.Parse(s.TargetURL)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fmt.Errorf("status target URL %q: want an http(s) URL", s.TargetURL)
		}
	}
	return nil
}

// PostStatus creates the commit status s on the target's commit. GitHub's
// answer must be 201 Created; otherwise the error carries its status and
// message (never the token).
func PostStatus(ctx context.Context, client *http.Client, t StatusTarget, s Status) error {
	if err := s.validate(); err != nil {
		return err
	}
	if !shaRe.MatchString(t.SHA) {
		return fmt.Errorf("status: commit %q: want a full 40-character commit id", t.SHA)
	}
	if !repoRe.MatchString(t.Repo) {
		return fmt.Errorf("status: repository %q: want owner/name", t.Repo)
	}
	if t.Token == "" {
		return fmt.Errorf("status: no token (GITHUB_TOKEN)")
	}
	api, err := url.Parse(strings.TrimSuffix(t.API, "/"))
	if err != nil || (api.Scheme != "https" && api.Scheme != "http") || api.Host == "" {
		return fmt.Errorf("status: API origin %q: want an http(s) URL", t.API)
	}
	body, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("status: encode: %w", err)
	}
	endpoint := api.String() + "/repos/" + t.Repo + "/statuses/" + t.SHA
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("Authorization", "Bearer "+t.Token)
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("status %s on %s: %w", s.Context, t.SHA, err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusCreated {
		var msg struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(answer, &msg)
		if msg.Message == "" {
			msg.Message = http.StatusText(resp.StatusCode)
		}
		return fmt.Errorf("status %s on %s: GitHub answered %d: %s", s.Context, t.SHA, resp.StatusCode, msg.Message)
	}
	return nil
}
