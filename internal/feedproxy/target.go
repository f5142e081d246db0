package feedproxy

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/veldhaven/site/internal/insights"
)

// ParseOwnerURL checks FEED_URL: an http or https origin (scheme and host,
// an optional port), nothing else: no user, no path, query or fragment,
// so that no part of a request can be steered elsewhere.
func ParseOwnerURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return nil, fmt.Errorf("not a URL: %w", err)
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, errors.New("must start with http:// or https://")
	case u.Opaque != "" || u.Host == "" || u.Hostname() == "":
		return nil, errors.New("must name a host, e.g. http://site-feed:8080")
	case u.User != nil:
		return nil, errors.New("must not hold a user or password")
	case (u.Path != "" && u.Path != "/") || u.RawPath != "":
		return nil, errors.New("must be the owner's base URL, without a path")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#"):
		return nil, errors.New("must not hold a query or fragment")
	}
	return &url.URL{Scheme: u.Scheme, Host: u.Host}, nil
}

// target is a checked request: the key of its copy and what is asked of
// the owner.
type target struct {
	key   string // path, and ?urn= for the image and video URLs
	path  string
	query string
	feed  bool // the feed itself (compressed here, stale headers)
	media bool // media bytes (the longer timeout)
}

// parseTarget checks a request as the owner's handler does.
func parseTarget(r *http.Request) (target, *apiError) {
	p := r.URL.Path
	switch p {
	case insights.PathFeed:
		// The owner ignores a query on the feed: none is forwarded.
		return target{key: p, path: p, feed: true}, nil
	case insights.PathImage, insights.PathVideo:
		kind := strings.TrimPrefix(p, insights.PathFeed+"/")
		q, err := url.ParseQuery(r.URL.RawQuery)
		if err != nil || len(q["urn"]) != 1 {
			return target{}, &apiError{http.StatusBadRequest, "exactly one urn query parameter is required"}
		}
		urn := q.Get("urn")
		if !insights.ValidMediaURN(urn, kind) {
			return target{}, &apiError{http.StatusBadRequest, "urn is not a LinkedIn " + kind + " URN"}
		}
		query := url.Values{"urn": {urn}}.Encode()
		return target{key: p + "?" + query, path: p, query: query}, nil
	}
	if key, ok := strings.CutPrefix(p, insights.PathMediaPrefix); ok && key != "" && !strings.Contains(key, "/") {
		if !insights.ValidMediaKey(key) {
			return target{}, &apiError{http.StatusBadRequest, "invalid media key"}
		}
		return target{key: p, path: p, media: true}, nil
	}
	return target{}, &apiError{http.StatusNotFound, "not found"}
}

// validKey reports whether key is one parseTarget makes (or its gzip
// variant): a copy of anything else is never loaded.
func validKey(key string) bool {
	key = strings.TrimPrefix(key, gzipPrefix)
	path, query, _ := strings.Cut(key, "?")
	r := &http.Request{URL: &url.URL{Path: path, RawQuery: query}}
	t, err := parseTarget(r)
	return err == nil && t.key == key
}
