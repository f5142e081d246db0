package ci

import (
	"bytes"
	"cmp"
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

var (
	errNotFound = errors.New("not found")
	linkNext    = regexp.MustCompile(`<([^>]+)>;\s*rel="next"`)
)

// send sends one request with body as JSON, decodes the answer into v (each
// when not nil) and returns the next page's URL (the Link header's rel="next").
// A rate limit that lifts within MaxWait is waited out once; a longer one is
// an error saying when.
func (g GitHub) send(ctx context.Context, method, target string, body, v any) (string, error) {
	if !strings.HasPrefix(target, "http") {
		target = strings.TrimSuffix(g.API, "/") + target
	}
	var data []byte
	if body != nil {
		var err error
		if data, err = json.Marshal(body); err != nil {
			return "", fmt.Errorf("%s %s: encode: %w", method, target, err)
		}
	}
	for waited := false; ; waited = true {
		req, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(data))
		if err != nil {
			return "", err
		}
		if data != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		req.Header.Set("Accept", "application/vnd.github+json")
		req.Header.Set("Authorization", "Bearer "+g.Token)
		req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
		where := method + " " + req.URL.Path
		resp, err := g.Client.Do(req)
		if err != nil {
			return "", fmt.Errorf("%s: %w", where, err)
		}
		answer, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
		resp.Body.Close()
		switch {
		case err != nil:
			return "", fmt.Errorf("%s: %w", where, err)
		case resp.StatusCode == http.StatusNotFound:
			return "", fmt.Errorf("%s: %w", where, errNotFound)
		case resp.StatusCode/100 == 2:
			if v != nil {
				if err := json.Unmarshal(answer, v); err != nil {
					return "", fmt.Errorf("%s: decode: %w", where, err)
				}
			}
			if m := linkNext.FindStringSubmatch(resp.Header.Get("Link")); m != nil {
				return m[1], nil
			}
			return "", nil
		}
		var msg struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(answer, &msg)
		err = fmt.Errorf("%s: GitHub answered %d: %s", where, resp.StatusCode, msg.Message)
		wait := rateLimitWait(resp, time.Now())
		if wait < 0 || waited {
			return "", err
		}
		if wait > cmp.Or(g.MaxWait, time.Minute) {
			return "", fmt.Errorf("%w; it lifts in %s", err, wait.Round(time.Second))
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("%w: %w", err, ctx.Err())
		case <-time.After(wait):
		}
	}
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
	if reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil && resp.Header.Get("X-RateLimit-Remaining") == "0" {
		return max(time.Unix(reset, 0).Sub(now), 0)
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		// No header to go by: GitHub's advice is to wait at least a minute.
		return time.Minute
	}
	return -1
}
