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
	"strconv"
	"strings"
	"time"
)

// GitHub is GitHub's REST API (API: GITHUB_API_URL on a runner) as a
// workflow's token reaches it; MaxWait is the longest rate limit waited out
// (zero: a minute).
type GitHub struct {
	API, Token string
	Client     *http.Client
	MaxWait    time.Duration
}

var errNotFound = errors.New("not found")

// send sends one request with body as JSON, decodes the answer into v (each
// when not nil) and returns the next page's URL. A rate limit that lifts
// within MaxWait is waited out once; a longer one is an error saying when.
func (g GitHub) send(ctx context.Context, method, target string, body, v any) (next string, err error) {
	if !strings.HasPrefix(target, "http") {
		target = strings.TrimSuffix(g.API, "/") + target
	}
	var data []byte
	if body != nil {
		if data, err = json.Marshal(body); err != nil {
			return "", fmt.Errorf("%s %s: encode: %w", method, target, err)
		}
	}
	for attempt := 0; ; attempt++ {
		next, wait, err := g.once(ctx, method, target, data, v)
		if wait < 0 || attempt > 0 {
			return next, err
		}
		maxWait := g.MaxWait
		if maxWait == 0 {
			maxWait = time.Minute
		}
		if wait > maxWait {
			return "", fmt.Errorf("%w; it lifts in %s", err, wait.Round(time.Second))
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return "", fmt.Errorf("%w: %w", err, ctx.Err())
		case <-timer.C:
		}
	}
}

// once sends one request; wait is how long a rate limit asks to wait, else negative.
func (g GitHub) once(ctx context.Context, method, target string, data []byte, v any) (next string, wait time.Duration, err error) {
	var reader io.Reader
	if data != nil {
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, reader)
	if err != nil {
		return "", -1, err
	}
	if data != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("Authorization", "Bearer "+g.Token)
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	resp, err := g.Client.Do(req)
	if err != nil {
		return "", -1, fmt.Errorf("%s %s: %w", method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return "", -1, fmt.Errorf("%s %s: %w", method, req.URL.Path, err)
	}
	if resp.StatusCode == http.StatusNotFound {
		return "", -1, fmt.Errorf("%s %s: %w", method, req.URL.Path, errNotFound)
	}
	if resp.StatusCode/100 != 2 {
		var msg struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(answer, &msg)
		err := fmt.Errorf("%s %s: GitHub answered %d: %s", method, req.URL.Path, resp.StatusCode, msg.Message)
		return "", rateLimitWait(resp, time.Now()), err
	}
	if v != nil {
		if err := json.Unmarshal(answer, v); err != nil {
			return "", -1, fmt.Errorf("%s %s: decode: %w", method, req.URL.Path, err)
		}
	}
	return nextLink(resp.Header.Get("Link")), -1, nil
}

// rateLimitWait reads GitHub's "Rate limits for the REST API": a 403 or 429 with
// Retry-After, or X-RateLimit-Remaining 0 and X-RateLimit-Reset; else -1.
func rateLimitWait(resp *http.Response, now time.Time) time.Duration {
	if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusTooManyRequests {
		return -1
	}
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if resp.Header.Get("X-RateLimit-Remaining") == "0" {
		if reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
			return max(time.Unix(reset, 0).Sub(now), 0)
		}
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		// No header to go by: GitHub's advice is to wait at least a minute.
		return time.Minute
	}
	return -1
}

var linkNext = regexp.MustCompile(`<([^>]+)>;\s*rel="next"`)

// nextLink is the rel="next" URL of a Link header (GitHub's pagination).
func nextLink(h string) string {
	if m := linkNext.FindStringSubmatch(h); m != nil {
		return m[1]
	}
	return ""
}
