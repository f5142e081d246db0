package ci

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"unicode/utf8"

	"github.com/veldhaven/site/internal/editor"
)

// Contexts are the commit status contexts the workflows post, by cmd/ci's short
// name: the editor's, for which Decap shows "View preview", and production's.
var Contexts = map[string]string{
	"preview":    editor.PreviewContext,
	"production": editor.LiveContext,
}

// Status is a commit status as GitHub's REST API takes it
// (https://docs.github.com/en/rest/commits/statuses#create-a-commit-status).
type Status struct {
	State       string `json:"state"`
	TargetURL   string `json:"target_url,omitempty"`
	Description string `json:"description,omitempty"`
	Context     string `json:"context"`
}

// StatusTarget is where a status is posted: GitHub's REST origin, the
// repository (owner/name), the full commit id, and a token that may write it.
type StatusTarget struct {
	API, Repo, SHA, Token string
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

// PostStatus creates the commit status s on the target's commit; an error
// carries GitHub's status and message, never the token.
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
	if api, err := url.Parse(t.API); err != nil || (api.Scheme != "https" && api.Scheme != "http") || api.Host == "" {
		return fmt.Errorf("status: API origin %q: want an http(s) URL", t.API)
	}
	g := GitHub{API: t.API, Token: t.Token, Client: client}
	if _, err := g.send(ctx, http.MethodPost, "/repos/"+t.Repo+"/statuses/"+t.SHA, s, nil); err != nil {
		return fmt.Errorf("status %s on %s: %w", s.Context, t.SHA, err)
	}
	return nil
}
