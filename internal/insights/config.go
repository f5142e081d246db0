package insights

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/sealedtoken"
)

// Defaults applied by New to zero fields of Config.
const (
	// DefaultAPIBase is LinkedIn's REST API host.
	DefaultAPIBase = "https://api.linkedin.com"
	// DefaultTTL is how long a fetched feed is served without asking upstream.
	DefaultTTL = 5 * time.Minute
	// DefaultTimeout bounds every upstream API call.
	DefaultTimeout = 5 * time.Second
	// DefaultMaxBodyBytes caps an upstream JSON answer.
	DefaultMaxBodyBytes = 2 << 20
	// DefaultMaxMediaBytes caps one image or video.
	DefaultMaxMediaBytes = 25 << 20
	// DefaultMediaCacheBytes bounds the media cache.
	DefaultMediaCacheBytes = 256 << 20
	// DefaultMaxConcurrentMedia caps concurrent upstream media downloads.
	DefaultMaxConcurrentMedia = 4
	// DefaultDailyCalls is half of the 100 calls per member and day of
	// LinkedIn's Development tier.
	DefaultDailyCalls = 50
	// MinDailyCalls is the smallest budget accepted: one refresh about every
	// three hours.
	MinDailyCalls = 10
)

// Config configures a Service. The zero value serves the embedded sample
// feed with the defaults above and no disk persistence.
type Config struct {
	// AccessToken and OrganizationURN select the LinkedIn source when both
	// are set; otherwise the embedded sample feed is served.
	AccessToken, OrganizationURN string
	APIBase                      string // default DefaultAPIBase
	// Version is the LinkedIn-Version header (YYYYMM), default
	// linkedin.DefaultVersion(Released, now).
	Version string
	// Released is the day this build was made (cmd/site has it from the
	// linker); zero in a development build.
	Released time.Time
	// ClientID and ClientSecret are the LinkedIn app's: a page admin can
	// reconnect the feed, and with RefreshToken a refused token is refreshed.
	RefreshToken, ClientID, ClientSecret string
	// TokenKey (LINKEDIN_TOKEN_KEY, 32 bytes) seals a reconnected token in
	// DataDir (internal/sealedtoken); nil: a reconnect is refused.
	TokenKey []byte
	// TokenURL is the OAuth token endpoint, default linkedin.DefaultTokenURL.
	TokenURL string
	// TTL is how long a feed stays fresh, default DefaultTTL.
	TTL time.Duration
	// Timeout bounds each upstream call, default DefaultTimeout.
	Timeout time.Duration
	// DataDir holds the feed snapshot and the media cache; "" keeps both
	// in memory only.
	DataDir string
	// MaxBodyBytes caps an upstream JSON answer, default DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// MaxMediaBytes caps a single media item, default DefaultMaxMediaBytes.
	MaxMediaBytes int64
	// MediaCacheBytes bounds the media cache, default DefaultMediaCacheBytes.
	MediaCacheBytes    int64
	MaxConcurrentMedia int // default DefaultMaxConcurrentMedia
	// MediaOrigins are the only origins media bytes are downloaded from,
	// redirects included, default linkedin.DefaultMediaOrigins.
	MediaOrigins []string
	// MediaFetchRate (per second) and MediaFetchBurst bound the media
	// downloads visitors can cause.
	MediaFetchRate  float64
	MediaFetchBurst int
	// DailyCalls is the most LinkedIn API calls a UTC day, default
	// DefaultDailyCalls; it also sets the shortest refresh interval.
	DailyCalls int
}

// organizationURNPattern is the syntax of a LinkedIn organization URN.
var organizationURNPattern = regexp.MustCompile(`^urn:li:organization:[0-9]{1,20}$`)

// linkedIn reports whether cfg selects the LinkedIn source.
func (cfg Config) linkedIn() bool {
	return cfg.AccessToken != "" && cfg.OrganizationURN != ""
}

// hasClient reports whether cfg has the LinkedIn app's credentials.
func (cfg Config) hasClient() bool {
	return cfg.ClientID != "" && cfg.ClientSecret != ""
}

// withDefaults returns cfg with zero fields set to their defaults.
func (cfg Config) withDefaults() Config {
	if cfg.APIBase == "" {
		cfg.APIBase = DefaultAPIBase
	}
	cfg.APIBase = strings.TrimRight(cfg.APIBase, "/")
	if cfg.Version == "" {
		cfg.Version = linkedin.DefaultVersion(cfg.Released, time.Now())
	}
	if cfg.TokenURL == "" {
		cfg.TokenURL = linkedin.DefaultTokenURL
	}
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultTTL
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if cfg.MaxMediaBytes <= 0 {
		cfg.MaxMediaBytes = DefaultMaxMediaBytes
	}
	if cfg.MediaCacheBytes <= 0 {
		cfg.MediaCacheBytes = DefaultMediaCacheBytes
	}
	if cfg.MaxConcurrentMedia <= 0 {
		cfg.MaxConcurrentMedia = DefaultMaxConcurrentMedia
	}
	if len(cfg.MediaOrigins) == 0 {
		cfg.MediaOrigins = slices.Clone(linkedin.DefaultMediaOrigins)
	}
	if cfg.MediaFetchRate <= 0 {
		cfg.MediaFetchRate = DefaultMediaFetchRate
	}
	if cfg.MediaFetchBurst <= 0 {
		cfg.MediaFetchBurst = DefaultMediaFetchBurst
	}
	if cfg.DailyCalls == 0 {
		cfg.DailyCalls = DefaultDailyCalls
	}
	// An item larger than the whole cache could never be kept.
	cfg.MaxMediaBytes = min(cfg.MaxMediaBytes, cfg.MediaCacheBytes)
	return cfg
}

// validate checks a defaulted Config. Errors name the variable that sets the
// field and never contain a secret.
func (cfg Config) validate() error {
	if cfg.linkedIn() && !organizationURNPattern.MatchString(cfg.OrganizationURN) {
		return fmt.Errorf("insights: LINKEDIN_ORGANIZATION_URN %q is not of the form urn:li:organization:<number>", cfg.OrganizationURN)
	}
	if err := checkHTTPURL(cfg.APIBase); err != nil {
		return fmt.Errorf("insights: LINKEDIN_API_BASE: %w", err)
	}
	if err := checkHTTPURL(cfg.TokenURL); err != nil {
		return fmt.Errorf("insights: LINKEDIN_TOKEN_URL: %w", err)
	}
	if !linkedin.ValidVersion(cfg.Version) {
		return fmt.Errorf("insights: LINKEDIN_VERSION %q is not of the form YYYYMM", cfg.Version)
	}
	if _, err := linkedin.ParseMediaOrigins(cfg.MediaOrigins); err != nil {
		return fmt.Errorf("insights: LINKEDIN_MEDIA_ORIGINS: %w", err)
	}
	if cfg.DailyCalls < MinDailyCalls {
		return fmt.Errorf("insights: DailyCalls (LINKEDIN_DAILY_CALLS) %d is below the minimum of %d", cfg.DailyCalls, MinDailyCalls)
	}
	return nil
}

// checkHTTPURL accepts an absolute http or https URL.
func checkHTTPURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("parse %q: %w", raw, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an absolute http(s) URL", raw)
	}
	return nil
}

// ConfigFromEnv reads the feed's variables (cmd/site's settings table) through
// getenv; unset ones keep their defaults, and errors never quote a secret.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	cfg := Config{
		AccessToken:     strings.TrimSpace(getenv("LINKEDIN_ACCESS_TOKEN")),
		OrganizationURN: strings.TrimSpace(getenv("LINKEDIN_ORGANIZATION_URN")),
		APIBase:         strings.TrimSpace(getenv("LINKEDIN_API_BASE")),
		Version:         strings.TrimSpace(getenv("LINKEDIN_VERSION")),
		RefreshToken:    strings.TrimSpace(getenv("LINKEDIN_REFRESH_TOKEN")),
		ClientID:        strings.TrimSpace(getenv("LINKEDIN_CLIENT_ID")),
		ClientSecret:    strings.TrimSpace(getenv("LINKEDIN_CLIENT_SECRET")),
		TokenURL:        strings.TrimSpace(getenv("LINKEDIN_TOKEN_URL")),
	}
	if (cfg.AccessToken == "") != (cfg.OrganizationURN == "") {
		if cfg.AccessToken == "" {
			return Config{}, fmt.Errorf("insights: LINKEDIN_ACCESS_TOKEN must be set when LINKEDIN_ORGANIZATION_URN is set")
		}
		return Config{}, fmt.Errorf("insights: LINKEDIN_ORGANIZATION_URN must be set when LINKEDIN_ACCESS_TOKEN is set")
	}
	if (cfg.ClientID == "") != (cfg.ClientSecret == "") {
		return Config{}, fmt.Errorf("insights: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together")
	}
	if cfg.RefreshToken != "" && !cfg.hasClient() {
		return Config{}, fmt.Errorf("insights: LINKEDIN_REFRESH_TOKEN needs LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET")
	}
	key, err := sealedtoken.ParseKey(getenv(sealedtoken.EnvKey))
	if err != nil {
		return Config{}, err
	}
	cfg.TokenKey = key
	if raw := strings.TrimSpace(getenv("LINKEDIN_MEDIA_ORIGINS")); raw != "" {
		cfg.MediaOrigins = strings.Split(raw, ",")
	}
	if cfg.TTL, err = envDuration(getenv, "INSIGHTS_TTL"); err != nil {
		return Config{}, err
	}
	if cfg.Timeout, err = envDuration(getenv, "INSIGHTS_TIMEOUT"); err != nil {
		return Config{}, err
	}
	if raw := strings.TrimSpace(getenv("LINKEDIN_DAILY_CALLS")); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < MinDailyCalls {
			return Config{}, fmt.Errorf("insights: LINKEDIN_DAILY_CALLS %q: want a whole number of at least %d", raw, MinDailyCalls)
		}
		cfg.DailyCalls = n
	}
	if err := cfg.withDefaults().validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// envDuration parses a positive Go duration from the variable name; unset
// yields 0 (the default).
func envDuration(getenv func(string) string, name string) (time.Duration, error) {
	raw := strings.TrimSpace(getenv(name))
	if raw == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(raw)
	if err != nil {
		return 0, fmt.Errorf("insights: %s: %w", name, err)
	}
	if d <= 0 {
		return 0, fmt.Errorf("insights: %s must be positive, got %q", name, raw)
	}
	return d, nil
}
