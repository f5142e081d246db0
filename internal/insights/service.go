package insights

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"

	"github.com/veldhaven/site/internal/callbudget"
	"github.com/veldhaven/site/internal/feedsample"
	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/mediastore"
	"github.com/veldhaven/site/internal/ratelimit"
)

// mediaFailureTTL is the least time a passing media failure is remembered,
// so a broken item does not send every visitor upstream.
const mediaFailureTTL = time.Minute

// Service is the insights feed: a source behind a cache, and the HTTP
// handlers of /linkedin-api. Create it with New and release it with Close.
type Service struct {
	cfg               Config
	logger            *slog.Logger
	src               Source
	cache             *feedCache
	media             *mediastore.Store
	metrics           *metrics
	version           *linkedin.Versions // LinkedIn-Version in use
	budget            *callbudget.Budget // LinkedIn calls per UTC day
	learned           *linkedInState     // sortBy refused, token failing (linkedinstate.go)
	now               func() time.Time
	after             afterFunc
	interval, failTTL time.Duration // refresh interval; media failure memory
	persist           bool          // good feeds, media and a reconnected token are kept in DataDir
	backoff           time.Duration // the refresher's wait after failures
	kick              chan struct{} // wakes the refresher at once
	reconnects        *prometheus.CounterVec
	// reconnectedAfter is 1 + the refreshes concluded when a reconnect's token
	// read the page, so the replaced token's failure is not reported as its.
	reconnectedAfter atomic.Uint64

	base   context.Context
	cancel context.CancelFunc
	tasks  *tracker

	mediaSF  singleflight.Group
	mediaSem chan struct{} // caps concurrent upstream media fetches
	// mediaDownloads bounds the downloads visitors can cause.
	mediaDownloads *ratelimit.Bucket

	failMu   sync.Mutex
	failures map[string]mediaFailure // media key -> recent failure
}

// mediaFailure is a remembered failed media fetch: of the post version
// post, until until (zero: as long as the post is the same).
type mediaFailure struct {
	err   error
	post  string
	until time.Time
}

// itemFailure reports whether err is the item's own: asking again changes
// nothing until its post does.
func itemFailure(err error) bool {
	switch linkedin.KindOf(err) {
	case linkedin.KindTooLarge, linkedin.KindBadResponse, linkedin.KindRefused, linkedin.KindNotFound:
		return true
	}
	return false
}

// New builds the service for cfg, serving the snapshot at once and refreshing
// in the background, or the sample. Metrics go to reg unless it is nil.
func New(cfg Config, logger *slog.Logger, reg prometheus.Registerer) (*Service, error) {
	return newService(cfg, logger, reg, nil, time.Now, realAfter)
}

// newService is New with an injectable source (nil: chosen by cfg), clock
// and timer, for tests.
func newService(cfg Config, logger *slog.Logger, reg prometheus.Registerer, src Source, now func() time.Time, after afterFunc) (*Service, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s := &Service{
		cfg:      cfg,
		logger:   logger,
		now:      now,
		after:    after,
		interval: callbudget.RefreshInterval(cfg.TTL, cfg.DailyCalls),
		tasks:    &tracker{},
		mediaSem: make(chan struct{}, cfg.MaxConcurrentMedia),
		failures: make(map[string]mediaFailure),
		kick:     make(chan struct{}, 1),
		reconnects: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "veldhaven_insights_linkedin_reconnects_total",
			Help: "Reconnects of LinkedIn from /admin/linkedin, by result: ok, not_page_admin, check_failed, not_stored.",
		}, []string{"result"}),
	}
	s.failTTL = max(mediaFailureTTL, s.interval)
	s.mediaDownloads = ratelimit.NewBucket(cfg.MediaFetchRate, cfg.MediaFetchBurst, now)

	dataDir := ""
	if cfg.DataDir != "" {
		if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
			logger.Warn("insights: data dir unusable, keeping media in memory", slog.String("dir", cfg.DataDir), slog.String("error", err.Error()))
		} else {
			dataDir = cfg.DataDir
		}
	}
	_, isSample := src.(*feedsample.Source)
	sample := src == nil && !cfg.linkedIn() || isSample
	s.persist = dataDir != "" && !sample
	var err error
	if s.persist {
		if s.media, err = mediastore.New(filepath.Join(dataDir, "media"), cfg.MediaCacheBytes); err != nil {
			logger.Warn("insights: media cache dir unusable, keeping media in memory", slog.String("error", err.Error()))
		}
	}
	if s.media == nil {
		s.media, _ = mediastore.New("", cfg.MediaCacheBytes)
	}
	if s.metrics, err = newMetrics(reg, s.feedAge, func() float64 { _, b := s.media.Stats(); return float64(b) }); err != nil {
		return nil, err
	}
	s.cache = newFeedCache(cfg.Timeout, s.interval, now, s.metrics)
	s.version = linkedin.NewVersions(cfg.Version, now)
	budgetDir := dataDir
	if sample {
		budgetDir = "" // the sample makes no LinkedIn call
	}
	s.budget = callbudget.New(cfg.DailyCalls, s.interval, budgetDir, now, logger)
	calls := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "veldhaven_insights_linkedin_calls_total",
		Help: "LinkedIn API calls made (counted against the daily budget), by kind: posts, post (a reposted post), images, videos, token.",
	}, []string{"kind"})
	for _, k := range callbudget.Kinds {
		calls.WithLabelValues(k)
	}
	s.budget.Counted = func(kind string) { calls.WithLabelValues(kind).Inc() }
	s.learned = newLinkedInState(budgetDir, now, logger)
	if reg != nil {
		for _, c := range append(s.learned.collectors(), versionCollector(s.version), budgetCollector(s.budget), calls, tokenCollector(s), s.reconnects) {
			if err := reg.Register(c); err != nil {
				return nil, fmt.Errorf("insights: register metrics: %w", err)
			}
		}
	}

	switch {
	case src != nil:
		s.src = src
	case cfg.linkedIn():
		origins, _ := linkedin.ParseMediaOrigins(cfg.MediaOrigins) // checked by validate
		client := linkedin.NewAPIClient()
		src := newLinkedInSource(cfg, client, logger, s.observe, s.version, s.budget, s.learned, now)
		src.tokens.OnRefreshed = s.tokenRefreshed
		src.Media, src.Origins = linkedin.NewMediaClient(origins), origins
		s.src = src
		s.useStoredToken(src)
	default:
		if s.src, err = feedsample.New(); err != nil {
			return nil, err
		}
	}
	s.base, s.cancel = context.WithCancel(context.Background())

	if sample {
		// The sample never changes nor fails: the feed is there before the
		// first request, and nothing refreshes it.
		raw, _ := s.src.Posts(s.base)
		reshared, refused := resolveReshares(s.base, s.src, raw, nil, nil)
		f, err := newFeed(raw, reshared, refused, now())
		if err != nil {
			s.cancel()
			return nil, fmt.Errorf("insights: sample feed: %w", err)
		}
		s.cache.succeeded(f)
		s.interval = 365 * 24 * time.Hour // never stale
		s.cache.interval = s.interval
		return s, nil
	}
	firstWait := time.Duration(0)
	if s.persist {
		if f := s.loadSnapshot(); f != nil {
			// Served at once; the items it no longer lists leave the store.
			s.dropUnlistedMedia(f)
			if age := now().Sub(f.fetchedAt); age >= 0 && age < s.interval {
				// Fresh enough: a restart costs LinkedIn no call.
				firstWait = s.interval - age
			}
		}
	}
	logger.Info("insights: refreshing the feed from LinkedIn in the background",
		slog.Duration("interval", s.interval), slog.Duration("ttl", cfg.TTL), slog.Int("daily_calls", cfg.DailyCalls),
		slog.Duration("first_refresh_in", firstWait))
	s.startRefresher(firstWait)
	if src, ok := s.src.(*linkedInSource); ok && cfg.hasClient() {
		s.startIntrospection(src)
	}
	return s, nil
}

// introspectEvery is how often the owner asks LinkedIn when its token
// expires, besides at start.
const introspectEvery = 24 * time.Hour

// startIntrospection learns the token's expiry at start and daily until Close.
func (s *Service) startIntrospection(src *linkedInSource) {
	if !s.tasks.add() {
		return
	}
	go func() {
		defer s.tasks.done()
		tick := time.NewTicker(introspectEvery)
		defer tick.Stop()
		for {
			src.learnExpiry(s.base)
			select {
			case <-s.base.Done():
				return
			case <-tick.C:
			}
		}
	}()
}

// observe counts one upstream call.
func (s *Service) observe(endpoint string, outcome linkedin.Kind) {
	s.metrics.upstream.WithLabelValues(endpoint, string(outcome)).Inc()
}

// feedAge is the age in seconds of the feed held, -1 when none.
func (s *Service) feedAge() float64 {
	f := s.cache.current()
	if f == nil {
		return -1
	}
	return s.now().Sub(f.fetchedAt).Seconds()
}

// loadSnapshot installs and returns the DataDir's snapshot when it is valid
// and of this organization; otherwise it logs why and returns nil.
func (s *Service) loadSnapshot() *feed {
	snap, err := readSnapshot(s.cfg.DataDir, 4*s.cfg.MaxBodyBytes)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			s.logger.Warn("insights: ignoring feed snapshot", slog.String("error", err.Error()))
		}
		return nil
	}
	if snap.Source != s.cfg.OrganizationURN {
		s.logger.Warn("insights: ignoring feed snapshot of another organization", slog.String("snapshot_source", snap.Source))
		return nil
	}
	refused := make(map[string]bool, len(snap.RefusedReshares))
	for _, urn := range snap.RefusedReshares {
		refused[urn] = true
	}
	f, err := newFeed(snap.Elements, snap.Reshared, refused, snap.FetchedAt)
	if err != nil {
		s.logger.Warn("insights: ignoring feed snapshot", slog.String("error", err.Error()))
		return nil
	}
	s.cache.set(f)
	s.logger.Info("insights: loaded feed snapshot", slog.Time("fetched_at", snap.FetchedAt), slog.Int("posts", len(f.elements)))
	return f
}

// saveSnapshot writes f to DataDir atomically; failures are logged and the
// previous snapshot stays intact.
func (s *Service) saveSnapshot(f *feed) {
	refused := make([]string, 0, len(f.refused))
	for urn := range f.refused {
		refused = append(refused, urn)
	}
	slices.Sort(refused)
	saveJSON(s.logger, s.cfg.DataDir, snapshotFile, snapshot{Version: snapshotVersion, Source: s.cfg.OrganizationURN, FetchedAt: f.fetchedAt, Elements: f.elements, Reshared: f.reshared, RefusedReshares: refused})
}

// Ready reports whether the feed has an answer, a feed or a failure: a
// LinkedIn outage must not take the site out of its load balancer.
func (s *Service) Ready() bool {
	return s.cache.ready()
}

// Close stops background refreshes and media fetches and waits for them.
// It does not close the HTTP handler: stop the server first.
func (s *Service) Close() error {
	s.cancel()
	s.tasks.close()
	s.media.Close()
	return nil
}

// ensureMedia fetches the item of urn into the store unless it is there, one
// fetch at a time detached from the visitor, who waits at most until ctx ends.
func (s *Service) ensureMedia(ctx context.Context, urn, key string) error {
	if s.media.Has(key) {
		return nil
	}
	var post string
	if f := s.cache.current(); f != nil {
		post = f.media[urn]
	}
	s.failMu.Lock()
	if f, ok := s.failures[key]; ok {
		now := s.now()
		if f.post == post && (f.until.IsZero() || now.Before(f.until) && f.until.Sub(now) <= s.failTTL) {
			s.failMu.Unlock()
			return f.err
		}
		delete(s.failures, key)
	}
	s.failMu.Unlock()

	ch := s.mediaSF.DoChan(key, func() (any, error) {
		err := s.fetchMedia(urn, key)
		if err != nil && linkedin.KindOf(err) != linkedin.KindCanceled && linkedin.KindOf(err) != linkedin.KindBudgetSpent && !errors.Is(err, errMediaRate) {
			s.logger.Warn("insights: media fetch failed", slog.String("urn", urn), slog.String("error", err.Error()))
			failure := mediaFailure{err: err, post: post}
			if !itemFailure(err) {
				failure.until = s.now().Add(s.failTTL)
			}
			s.failMu.Lock()
			s.failures[key] = failure
			s.failMu.Unlock()
		}
		return nil, err
	})
	select {
	case r := <-ch:
		return r.Err
	case <-ctx.Done():
		return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindTimeout, Err: ctx.Err()}
	}
}

// mediaDownloadTimeout bounds one media download: longer than an API call,
// since a video can be many megabytes.
func (s *Service) mediaDownloadTimeout() time.Duration {
	return 6 * s.cfg.Timeout
}

// fetchMedia downloads one item into the store.
func (s *Service) fetchMedia(urn, key string) error {
	if !s.tasks.add() {
		return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindCanceled, Err: context.Canceled}
	}
	defer s.tasks.done()
	if err := s.takeMediaDownload(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(s.base, s.mediaDownloadTimeout())
	defer cancel()
	select {
	case s.mediaSem <- struct{}{}:
		defer func() { <-s.mediaSem }()
	case <-ctx.Done():
		return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindTimeout, Err: ctx.Err()}
	}
	rc, size, err := s.openItem(ctx, urn, key)
	if err != nil {
		return err
	}
	defer func() { _, _ = io.Copy(io.Discard, io.LimitReader(rc, 4<<10)); _ = rc.Close() }()
	if size > s.cfg.MaxMediaBytes {
		return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindTooLarge}
	}
	if err := s.media.Put(key, rc, s.cfg.MaxMediaBytes); err != nil {
		switch {
		case errors.Is(err, mediastore.ErrTooLarge):
			return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindTooLarge, Err: err}
		case errors.Is(err, mediastore.ErrType):
			return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindBadResponse, Err: err}
		case errors.Is(err, context.DeadlineExceeded):
			return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindTimeout, Err: err}
		}
		return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindBadResponse, Err: err}
	}
	return nil
}

// tracker counts background work so that Close can wait for it, and
// refuses new work once closed.
type tracker struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

// add registers one task; false once the tracker is closed.
func (t *tracker) add() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return false
	}
	t.wg.Add(1)
	return true
}

// done ends a task registered by add.
func (t *tracker) done() { t.wg.Done() }

// close refuses new tasks and waits for the running ones.
func (t *tracker) close() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
	t.wg.Wait()
}

// Defaults of the media download rate (a token bucket): every item is fetched
// once and kept, so 30 at once and one every 2 s is far above a real load and
// far below what LinkedIn's throttling would notice.
const (
	DefaultMediaFetchRate  = 0.5 // downloads per second, refilled
	DefaultMediaFetchBurst = 30
)

// errMediaRate is the error of a media fetch refused because visitors
// have made the site fetch too much from LinkedIn lately. It is not
// remembered as a failure of the item: the next fetch after a refill works.
var errMediaRate = errors.New("media download rate exceeded")

// takeMediaDownload spends one upstream media download, or returns the
// rate-limited error visitors see as 503 with Retry-After.
func (s *Service) takeMediaDownload() error {
	if ok, wait := s.mediaDownloads.Take(); !ok {
		return &linkedin.Error{Endpoint: "media", Kind: linkedin.KindRateLimited, Err: errMediaRate, RetryAfter: wait.Round(time.Second)}
	}
	return nil
}
