package insights

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/respond"
)

// Cache-Control values (docs/deploy.md, "Behind a CDN"): a CDN absorbs the load,
// a stale feed is cached briefly so a recovery shows, and media revalidate
// hourly since a deleted post takes them with it.
const (
	cacheFeed       = "public, max-age=60, stale-while-revalidate=600, stale-if-error=86400"
	CacheStaleFeed  = "public, max-age=10, stale-while-revalidate=60, stale-if-error=86400"
	cacheMediaURL   = "public, max-age=300, stale-while-revalidate=3600"
	cacheMediaBytes = "public, max-age=3600"
)

// Paths served, all under the prefix main mounts the handler at; a web
// replica checks requests against them as this handler does.
const (
	PathFeed        = "/linkedin-api"
	PathImage       = "/linkedin-api/image"
	PathVideo       = "/linkedin-api/video"
	PathMediaPrefix = "/linkedin-api/media/"
)

// Handler serves the feed (PathFeed), the media URLs (PathImage, PathVideo)
// and the media bytes (PathMediaPrefix) at their full paths. Errors are JSON,
// no-store, never 500; no request makes a feed call to LinkedIn.
func (s *Service) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc(PathFeed, s.serveFeed)
	mux.HandleFunc(PathImage, func(w http.ResponseWriter, r *http.Request) { s.serveMediaURL(w, r, linkedin.MediaImage) })
	mux.HandleFunc(PathVideo, func(w http.ResponseWriter, r *http.Request) { s.serveMediaURL(w, r, linkedin.MediaVideo) })
	mux.HandleFunc(PathMediaPrefix+"{key}", s.serveMedia)
	mux.HandleFunc(PathFeed+"/", func(w http.ResponseWriter, r *http.Request) {
		respond.Error(w, http.StatusNotFound, "not found")
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			respond.Error(w, http.StatusMethodNotAllowed, "method not allowed")
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// writeUpstreamError answers the status and fixed message of err's kind.
func writeUpstreamError(w http.ResponseWriter, err error) {
	kind := linkedin.KindOf(err)
	var ue *linkedin.Error
	if errors.As(err, &ue) && ue.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(ue.RetryAfter/time.Second)))
	}
	respond.Error(w, kindStatus(kind), kindMessage(kind))
}

// serveFeed answers the feed from the cache.
func (s *Service) serveFeed(w http.ResponseWriter, r *http.Request) {
	f, stale, err := s.cache.get(r.Context())
	if err != nil {
		writeUpstreamError(w, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Vary", "Accept-Encoding")
	_, gz := respond.Encodings(r.Header.Get("Accept-Encoding"))
	gz = gz && f.gzipBody != nil // compressed once per refresh, never per request
	h.Set("ETag", f.etag)
	if gz {
		h.Set("ETag", f.gzipETag)
	}
	h.Set("Last-Modified", f.lastModified)
	if stale {
		h.Set("X-Feed-Stale", "1")
		h.Set("Cache-Control", CacheStaleFeed)
	} else {
		h.Set("Cache-Control", cacheFeed)
	}
	if gz {
		respond.Gzip(w, r, time.Time{}, bytes.NewReader(f.gzipBody), int64(len(f.gzipBody)))
	} else {
		respond.Content(w, r, time.Time{}, bytes.NewReader(f.body))
	}
}

// checkFeedMedia checks on every request that urn is a media item of the
// current feed, so only the firm's own media are proxied.
func (s *Service) checkFeedMedia(ctx context.Context, urn string) error {
	f, _, err := s.cache.get(ctx)
	if err != nil {
		return err
	}
	if _, listed := f.media[urn]; !listed {
		return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindNotFound}
	}
	return nil
}

// serveMediaURL answers {"downloadUrl": "/linkedin-api/media/<key>"} for an
// image or video URN of the feed once the item is fetched or the timeout passed.
func (s *Service) serveMediaURL(w http.ResponseWriter, r *http.Request, want linkedin.MediaKind) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil || len(q["urn"]) != 1 {
		respond.Error(w, http.StatusBadRequest, "exactly one urn query parameter is required")
		return
	}
	urn := q.Get("urn")
	kind, ok := linkedin.ValidateMediaURN(urn)
	if !ok || kind != want {
		respond.Error(w, http.StatusBadRequest, "urn is not a LinkedIn "+string(want)+" URN")
		return
	}
	key := mediaKey(urn)
	if err := s.checkFeedMedia(r.Context(), urn); err != nil {
		writeUpstreamError(w, err)
		return
	}
	if !s.media.Has(key) {
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
		err := s.ensureMedia(ctx, urn, key)
		if thumb := s.videoThumbnail(ctx, urn, err); thumb != "" {
			// A video over the size limit: its thumbnail, never a broken player.
			cancel()
			s.writeMediaURL(w, r, struct {
				Thumbnail string `json:"thumbnail"`
			}{PathMediaPrefix + thumb})
			return
		}
		cancel()
		if err != nil && !(linkedin.KindOf(err) == linkedin.KindTimeout && r.Context().Err() == nil) {
			writeUpstreamError(w, err)
			return
		}
	}
	s.writeMediaURL(w, r, struct {
		DownloadURL string `json:"downloadUrl"`
	}{PathMediaPrefix + key})
}

// writeMediaURL answers the JSON of serveMediaURL.
func (s *Service) writeMediaURL(w http.ResponseWriter, r *http.Request, v any) {
	body, _ := json.Marshal(v)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", cacheMediaURL)
	respond.Content(w, r, time.Time{}, bytes.NewReader(body))
}

// serveMedia serves the bytes of a cached media item, fetching it first if
// needed. Range and conditional requests work through http.ServeContent.
func (s *Service) serveMedia(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	urn, _, ok := ParseMediaKey(key)
	if !ok {
		respond.Error(w, http.StatusBadRequest, "invalid media key")
		return
	}
	if err := s.checkFeedMedia(r.Context(), urn); err != nil {
		writeUpstreamError(w, err)
		return
	}
	if !s.media.Has(key) {
		ctx, cancel := context.WithTimeout(r.Context(), s.mediaDownloadTimeout())
		err := s.ensureMedia(ctx, urn, key)
		cancel()
		if err != nil {
			writeUpstreamError(w, err)
			return
		}
	}
	item, ok := s.media.Open(key)
	if !ok {
		// Evicted between fetch and open: rare; the client retries.
		respond.Error(w, http.StatusServiceUnavailable, "media temporarily unavailable, please retry")
		return
	}
	defer item.Close()
	h := w.Header()
	h.Set("Content-Type", item.ContentType)
	h.Set("Cache-Control", cacheMediaBytes)
	h.Set("ETag", `"`+key+`-`+strconv.FormatInt(item.Size, 10)+`"`)
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	respond.Content(w, r, time.Time{}, item)
}

// Source yields the organization's posts and the bytes of their media.
// Implementations: linkedInSource (the REST API) and feedsample.Source (embedded).
type Source interface {
	// Posts returns the elements of LinkedIn's /rest/posts answer, as
	// received. The cache filters them to published, public posts.
	Posts(ctx context.Context) ([]json.RawMessage, error)
	// OpenMedia opens the bytes of a validated media URN, at most limit, and
	// returns their size (-1 when unknown).
	OpenMedia(ctx context.Context, urn string, limit int64) (io.ReadCloser, int64, error)
}

// status is the HTTP status answered for a failure of this kind: 504 slow,
// 503 asked to wait or budget spent, 404 unlisted media, else 502; never 500.
func kindStatus(k linkedin.Kind) int {
	switch k {
	case linkedin.KindTimeout, linkedin.KindCanceled:
		return http.StatusGatewayTimeout
	case linkedin.KindRateLimited, linkedin.KindBudgetSpent:
		return http.StatusServiceUnavailable
	case linkedin.KindNotFound, linkedin.KindRefused:
		return http.StatusNotFound
	default:
		return http.StatusBadGateway
	}
}

// message is the fixed text a visitor sees for a failure of this kind. It
// never contains anything from upstream or from the request.
func kindMessage(k linkedin.Kind) string {
	switch k {
	case linkedin.KindTimeout, linkedin.KindCanceled:
		return "the insights feed did not answer in time"
	case linkedin.KindRateLimited, linkedin.KindBudgetSpent:
		return "the insights feed is temporarily unavailable, please try again later"
	case linkedin.KindNotFound, linkedin.KindRefused:
		return "media not found"
	case linkedin.KindTooLarge:
		return "the upstream answer was too large"
	default:
		return "the insights feed is unavailable"
	}
}
