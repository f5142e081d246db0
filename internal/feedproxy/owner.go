package feedproxy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/diskcache"
	"github.com/veldhaven/site/internal/insights"
)

const (
	// maxItemBytes bounds one answer: the owner's media cap (25 MiB) and
	// some room.
	maxItemBytes = 32 << 20
	// maxErrorBytes bounds an error answer of the owner that is passed on.
	maxErrorBytes = 64 << 10
	// dialTimeout: the owner is in the same cluster; a connection that
	// takes longer is not coming.
	dialTimeout = 2 * time.Second
)

// keptHeaders are the owner's headers a copy keeps and repeats. The
// content type is checked against the target (contentType), and the
// owner's Content-Security-Policy is never repeated: a replica answers
// with its own (mediaPolicy).
var keptHeaders = []string{"Content-Type", "Cache-Control", "Etag", "Last-Modified", "X-Feed-Stale", "Retry-After"}

// mediaPolicy is the Content-Security-Policy of every answer of a replica:
// nothing it serves is meant to run or load anything.
const mediaPolicy = "default-src 'none'; sandbox"

// mediaTypes are the content types a replica serves media bytes as, by the
// kind their key names (a video's thumbnail is an image): none can carry a
// script, whatever the owner says.
var mediaTypes = map[string][]string{
	"image": {"image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/bmp"},
	"thumb": {"image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/bmp"},
	"video": {"video/mp4", "video/webm", "video/quicktime"},
}

// errContentType: the owner answered a type the target does not allow.
var errContentType = errors.New("the owner answered an unexpected content type")

// contentType is the type t is served as given the owner's: JSON for the
// feed and the media URLs, the owner's for media bytes only when it is one
// of mediaTypes for the key's kind; "" refuses the answer.
func contentType(t target, owner string) string {
	if !t.media {
		return "application/json; charset=utf-8"
	}
	mt, _, err := mime.ParseMediaType(owner)
	if err != nil {
		return ""
	}
	kind, _, _ := strings.Cut(strings.TrimPrefix(t.key, insights.PathMediaPrefix), "-")
	if slices.Contains(mediaTypes[kind], mt) {
		return mt
	}
	return ""
}

var (
	// errRedirect: the owner never redirects; one is not followed.
	errRedirect = errors.New("the owner answered a redirect")
	// errTimeout: the owner did not answer within the timeout.
	errTimeout = errors.New("the owner did not answer in time")
)

// newTransport reaches the owner: never through a proxy of the
// environment (HTTP_PROXY would send the feed's traffic out of the
// cluster), bounded connects, a few kept-alive connections.
func newTransport() *http.Transport {
	return &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: dialTimeout, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout: 5 * time.Second,
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     90 * time.Second,
	}
}

// newClient asks the owner; a redirect comes back as the answer (and is
// refused), never followed.
func newClient(t http.RoundTripper) *http.Client {
	return &http.Client{Transport: t, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// result is what one request to the owner came to.
type result struct {
	status int         // the owner's status; 0 when it gave none
	header http.Header // its kept headers
	body   []byte      // an answer other than 200, 304 and a redirect
	err    error       // unreachable, timed out, or an answer not taken
}

// ask gets t from the owner and applies the answer to the copies, whether
// or not a visitor still waits for it: a 200 becomes the copy, a 304
// confirms it, a 404 or 410 removes it, a failure is remembered for t
// alone. Run once at a time per key (the flights).
func (p *Proxy) ask(t target) result {
	res := p.request(t)
	switch {
	case res.err != nil:
	case res.status == http.StatusNotModified:
		p.store.Confirm(t.key)
		p.store.Confirm(gzipPrefix + t.key)
	case removal(res.status):
		p.store.Remove(t.key)
		p.store.Remove(gzipPrefix + t.key)
	}
	p.remember(t.key, ownerFailed(res))
	p.note(t, res)
	return res
}

// request asks the owner for t, with the checked parts only: none of the
// visitor's headers, path or query reaches the owner. A 200 is written to
// the copy as it streams in.
func (p *Proxy) request(t target) result {
	timeout := p.cfg.Timeout
	if t.media {
		timeout = p.cfg.MediaTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	u := url.URL{Scheme: p.cfg.Owner.Scheme, Host: p.cfg.Owner.Host, Path: t.path, RawQuery: t.query}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return result{err: err}
	}
	req.Header = http.Header{
		// The bytes as stored: the proxy compresses the feed itself.
		"Accept-Encoding": {"identity"},
		"User-Agent":      {"veldhaven-site web replica"},
	}
	if m, ok := p.store.Lookup(t.key); ok && m.Attrs["Etag"] != "" {
		req.Header.Set("If-None-Match", m.Attrs["Etag"])
	}
	resp, err := p.client.Do(req)
	if err == nil {
		defer resp.Body.Close()
		res := result{status: resp.StatusCode, header: kept(resp.Header)}
		switch {
		case resp.StatusCode == http.StatusOK:
			if ct := contentType(t, res.header.Get("Content-Type")); ct == "" {
				err = errContentType
			} else {
				res.header.Set("Content-Type", ct)
				err = p.keep(t, res.header, resp)
			}
		case resp.StatusCode == http.StatusNotModified:
		case resp.StatusCode >= 300 && resp.StatusCode < 400:
			err = errRedirect
		default:
			res.body, err = io.ReadAll(io.LimitReader(resp.Body, maxErrorBytes))
		}
		if err == nil {
			return res
		}
	}
	if ctx.Err() != nil {
		err = fmt.Errorf("%w (%w)", errTimeout, err)
	}
	return result{err: err}
}

// keep writes the owner's 200 to t's copy (and the feed's gzip variant).
func (p *Proxy) keep(t target, header http.Header, resp *http.Response) error {
	if resp.ContentLength > maxItemBytes {
		return diskcache.ErrTooLarge
	}
	pend, err := p.store.Create(t.key, headerMap(header), maxItemBytes)
	if err != nil {
		return err
	}
	if _, err := io.Copy(pend, resp.Body); err != nil {
		pend.Abort()
		return fmt.Errorf("read the owner's answer: %w", err)
	}
	if resp.ContentLength >= 0 && pend.Size() != resp.ContentLength {
		pend.Abort()
		return fmt.Errorf("the owner's answer ended after %d of %d bytes", pend.Size(), resp.ContentLength)
	}
	if err := pend.Commit(); err != nil {
		return err
	}
	if t.feed {
		p.storeGzip(t.key)
	}
	return nil
}

// kept is the subset of h a copy keeps.
func kept(h http.Header) http.Header {
	out := http.Header{}
	for _, k := range keptHeaders {
		if v := h.Get(k); v != "" {
			out.Set(k, v)
		}
	}
	return out
}

func headerMap(h http.Header) map[string]string {
	m := make(map[string]string, len(h))
	for k := range h {
		m[k] = h.Get(k)
	}
	return m
}

// removal reports whether the owner's status withdraws the URL.
func removal(status int) bool {
	return status == http.StatusNotFound || status == http.StatusGone
}

// ownerFailed: no answer, or one that says the owner cannot answer now
// (5xx, 429); its 4xx answers (404 and 410 included) are answers.
func ownerFailed(res result) bool {
	return res.err != nil || res.status >= 500 || res.status == http.StatusTooManyRequests
}

func outcomeOf(res result) string {
	switch {
	case errors.Is(res.err, errTimeout):
		return "timeout"
	case res.err != nil:
		var ne net.Error
		var oe *net.OpError
		if errors.As(res.err, &oe) || (errors.As(res.err, &ne) && !ne.Timeout()) {
			return "unreachable"
		}
		return "bad_answer"
	case res.status == http.StatusOK:
		return "ok"
	case res.status == http.StatusNotModified:
		return "not_modified"
	case removal(res.status):
		return "not_found"
	case ownerFailed(res):
		return "error_status"
	default:
		return "client_error"
	}
}

// note counts the owner's answer and logs when its health changes, as
// the feed's own answers show it (a visitor can make the owner fail on a
// media URL at will, a video over its cap): once as it starts failing,
// with what failed, once as it answers again.
func (p *Proxy) note(t target, res result) {
	outcome := outcomeOf(res)
	p.metrics.owner.WithLabelValues(outcome).Inc()
	failed := ownerFailed(res)
	p.mu.Lock()
	if !failed {
		p.lastOK = p.now()
	}
	changed := t.feed && failed != p.failing
	if t.feed {
		p.failing = failed
	}
	p.mu.Unlock()
	switch {
	case changed && failed:
		errText := fmt.Sprintf("status %d", res.status)
		if res.err != nil {
			errText = res.err.Error()
		}
		p.logger.Warn("feed proxy: the owner failed; serving last good copies where there are", slog.String("owner", p.cfg.Owner.String()), slog.String("outcome", outcome), slog.String("error", errText))
	case changed:
		p.logger.Info("feed proxy: the owner answers again", slog.String("owner", p.cfg.Owner.String()))
	}
}
