package linkedin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

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
