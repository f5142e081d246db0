package linkedin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
)

// Client reads an organization's posts and their media through LinkedIn's
// REST API at Base. The access token is sent to the API only, never to a
// download host.
type Client struct {
	Base string
	// Get does one authorised GET of an API URL and decodes its answer
	// into v: the caller's, which counts the call, refreshes the token and
	// moves the LinkedIn-Version as it must (GetJSON does the GET).
	Get func(ctx context.Context, endpoint, u string, v any) error
	// Media downloads the bytes, from Origins only.
	Media   *http.Client
	Origins MediaOrigins
	// Observe, when set, hears the outcome of every download.
	Observe func(endpoint string, outcome Kind)
}

// PostsPageSize is how many posts are asked for; the site shows at most a
// few pages of 3.
const PostsPageSize = 50

// Posts is GET /rest/posts?q=author (Posts API, "Find Posts by Authors"),
// sorted by creation when asked: LAST_MODIFIED puts an old, edited post first.
func (c *Client) Posts(ctx context.Context, author string, sortByCreated bool) ([]json.RawMessage, error) {
	u := c.Base + "/rest/posts?q=author&author=" + url.QueryEscape(author) + "&count=" + strconv.Itoa(PostsPageSize)
	if sortByCreated {
		u += "&sortBy=CREATED"
	}
	var resp PostsAnswer
	if err := c.Get(ctx, "posts", u, &resp); err != nil {
		return nil, fmt.Errorf("linkedin: fetch posts: %w", err)
	}
	if resp.Elements == nil {
		return nil, fmt.Errorf("linkedin: fetch posts: %w", &Error{Endpoint: "posts", Kind: KindBadResponse, Err: errors.New("no elements in answer")})
	}
	return resp.Elements, nil
}

// Post is GET /rest/posts/{urn} (Posts API, "Get Posts by URN"): the post
// a repost points to.
func (c *Client) Post(ctx context.Context, urn string) (json.RawMessage, error) {
	if !IsPostURN(urn) {
		return nil, errors.New("linkedin: fetch post: invalid urn")
	}
	var post json.RawMessage
	if err := c.Get(ctx, "post", c.Base+"/rest/posts/"+url.QueryEscape(urn), &post); err != nil {
		return nil, fmt.Errorf("linkedin: fetch post: %w", err)
	}
	return post, nil
}

// OpenMedia resolves an image or video URN through /rest/images or
// /rest/videos to a signed download URL and opens that URL, at most limit
// bytes by its Content-Length; it returns the size too.
func (c *Client) OpenMedia(ctx context.Context, urn string, limit int64) (io.ReadCloser, int64, error) {
	kind, ok := ValidateMediaURN(urn)
	if !ok {
		return nil, 0, errors.New("linkedin: open media: invalid urn")
	}
	endpoint := "images"
	if kind == MediaVideo {
		endpoint = "videos"
	}
	meta, err := c.media(ctx, endpoint, urn)
	if err != nil {
		return nil, 0, err
	}
	if meta.Status != "" && meta.Status != "AVAILABLE" {
		return nil, 0, fmt.Errorf("linkedin: resolve media: %w", &Error{Endpoint: endpoint, Kind: KindNotFound, Err: fmt.Errorf("media status %q", meta.Status)})
	}
	return c.download(ctx, endpoint, meta.DownloadURL, limit)
}

// OpenThumbnail opens the `thumbnail` URL of GET /rest/videos/{urn}
// (Videos API, "Get a Video"), like any media item.
func (c *Client) OpenThumbnail(ctx context.Context, videoURN string, limit int64) (io.ReadCloser, int64, error) {
	if kind, ok := ValidateMediaURN(videoURN); !ok || kind != MediaVideo {
		return nil, 0, errors.New("linkedin: open thumbnail: invalid urn")
	}
	meta, err := c.media(ctx, "videos", videoURN)
	if err != nil {
		return nil, 0, err
	}
	return c.download(ctx, "videos", meta.Thumbnail, limit)
}

// media reads the answer of /rest/{endpoint}/{urn}.
func (c *Client) media(ctx context.Context, endpoint, urn string) (MediaAnswer, error) {
	// url.QueryEscape, not PathEscape: LinkedIn wants the colons of a URN
	// in a path encoded as %3A.
	var meta MediaAnswer
	if err := c.Get(ctx, endpoint, c.Base+"/rest/"+endpoint+"/"+url.QueryEscape(urn), &meta); err != nil {
		return MediaAnswer{}, fmt.Errorf("linkedin: resolve media: %w", err)
	}
	return meta, nil
}

// download opens a signed download URL of the API's answer (a media item
// or a video thumbnail), at most limit bytes by its Content-Length.
func (c *Client) download(ctx context.Context, endpoint, rawURL string, limit int64) (io.ReadCloser, int64, error) {
	dl, err := url.Parse(rawURL)
	if err != nil || (dl.Scheme != "https" && dl.Scheme != "http") || dl.Host == "" || dl.User != nil {
		return nil, 0, fmt.Errorf("linkedin: resolve media: %w", &Error{Endpoint: endpoint, Kind: KindBadResponse, Err: errors.New("no usable downloadUrl")})
	}
	rc, n, err := c.get(ctx, dl, limit)
	if c.Observe != nil {
		c.Observe("media", Outcome(err))
	}
	if err != nil {
		return nil, 0, fmt.Errorf("linkedin: download media: %w", err)
	}
	return rc, n, nil
}

// get is the GET of a download URL.
func (c *Client) get(ctx context.Context, dl *url.URL, limit int64) (io.ReadCloser, int64, error) {
	if !c.Origins.Allows(dl) {
		return nil, 0, &Error{Endpoint: "media", Kind: KindRefused,
			Err: fmt.Errorf("%w: download URL %s is not on an origin of LINKEDIN_MEDIA_ORIGINS", ErrMediaRefused, RedactURL(dl))}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, dl.String(), nil)
	if err != nil {
		return nil, 0, &Error{Endpoint: "media", Kind: KindBadResponse, Err: RedactError(err)}
	}
	res, err := c.Media.Do(req)
	if errors.Is(err, ErrMediaRefused) {
		return nil, 0, &Error{Endpoint: "media", Kind: KindRefused, Err: RedactError(err)}
	} else if err != nil {
		e := ClassifyTransport("media", err)
		e.Err = RedactError(e.Err)
		return nil, 0, e
	}
	if res.StatusCode != http.StatusOK {
		Drain(res.Body)
		return nil, 0, &Error{Endpoint: "media", Kind: KindForStatus(res.StatusCode, ""), Status: res.StatusCode}
	}
	if res.ContentLength > limit {
		Drain(res.Body)
		return nil, 0, &Error{Endpoint: "media", Kind: KindTooLarge, Status: res.StatusCode, Err: fmt.Errorf("%d bytes over the %d cap", res.ContentLength, limit)}
	}
	return res.Body, res.ContentLength, nil
}

// aclPageSize and maxACLPages bound the roles CheckAdmin reads: a member
// who administers more than 200 pages is not expected.
const (
	aclPageSize = 20
	maxACLPages = 10
)

// aclsAnswer is the part of the roleAssignee finder CheckAdmin reads
// (Microsoft Learn, "Organization Access Control by Role").
type aclsAnswer struct {
	Elements []struct {
		Role         string `json:"role"`
		State        string `json:"state"`
		Organization string `json:"organization"`
	} `json:"elements"`
}

// CheckAdmin asks LinkedIn whether the member of get's token is an approved
// ADMINISTRATOR of org: reading its posts is not enough, an ad agency can.
func CheckAdmin(ctx context.Context, base, org string, get func(ctx context.Context, u string, v any) error) error {
	for page := range maxACLPages {
		u := base + "/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=" +
			strconv.Itoa(page*aclPageSize) + "&count=" + strconv.Itoa(aclPageSize)
		var resp aclsAnswer
		if err := get(ctx, u, &resp); err != nil {
			return err
		}
		for _, e := range resp.Elements {
			if e.Organization == org && e.Role == "ADMINISTRATOR" && e.State == "APPROVED" {
				return nil
			}
		}
		if len(resp.Elements) < aclPageSize {
			break
		}
	}
	return &Error{Endpoint: "verify", Kind: KindForbidden, Err: errors.New("not an approved administrator of the organization")}
}

// maxErrorBodyBytes caps how much of an error answer is read to find
// LinkedIn's error code.
const maxErrorBodyBytes = 64 << 10

// APIError is the error body of LinkedIn's REST API (Microsoft Learn,
// "API error handling").
type APIError struct {
	Status           int    `json:"status"`
	ServiceErrorCode int    `json:"serviceErrorCode"`
	Code             string `json:"code"`
	Message          string `json:"message"`
}

// GetJSON is one GET of a REST API URL u with LinkedIn's headers, through
// client (which follows no redirect), decoding a 200 answer of at most
// maxBody bytes into v. Every failure is an *Error of endpoint.
func GetJSON(ctx context.Context, client *http.Client, maxBody int64, endpoint, u, token, version string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return &Error{Endpoint: endpoint, Kind: KindBadResponse, Err: err}
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("LinkedIn-Version", version)
	req.Header.Set("X-Restli-Protocol-Version", "2.0.0")
	req.Header.Set("Accept", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return ClassifyTransport(endpoint, err)
	}
	defer Drain(res.Body)
	if res.StatusCode != http.StatusOK {
		var le APIError
		_ = json.NewDecoder(io.LimitReader(res.Body, maxErrorBodyBytes)).Decode(&le)
		e := &Error{Endpoint: endpoint, Kind: KindForStatus(res.StatusCode, le.Code), Status: res.StatusCode, Code: le.Code, RetryAfter: retryAfter(res.Header)}
		if le.Message != "" {
			// LinkedIn's message goes to the log, never to a visitor.
			e.Err = errors.New(sanitizeLog(le.Message))
		}
		return e
	}
	if res.ContentLength > maxBody {
		return &Error{Endpoint: endpoint, Kind: KindTooLarge, Status: res.StatusCode, Err: fmt.Errorf("Content-Length %d over the %d cap", res.ContentLength, maxBody)}
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody+1))
	if err != nil {
		return ClassifyTransport(endpoint, err)
	}
	if int64(len(body)) > maxBody {
		return &Error{Endpoint: endpoint, Kind: KindTooLarge, Status: res.StatusCode, Err: fmt.Errorf("body over the %d byte cap", maxBody)}
	}
	if err := json.Unmarshal(body, v); err != nil {
		return &Error{Endpoint: endpoint, Kind: KindBadResponse, Status: res.StatusCode, Err: err}
	}
	return nil
}

// Drain reads a little of a body and closes it, so the connection can be
// reused without reading an unbounded answer.
func Drain(body io.ReadCloser) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, 4<<10))
	_ = body.Close()
}
