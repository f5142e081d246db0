package insights

import (
	"cmp"
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
	DefaultAPIBase            = "https://api.linkedin.com"
	DefaultTTL                = 5 * time.Minute // a fetched feed is served this long without asking upstream
	DefaultTimeout            = 5 * time.Second // bounds every upstream API call
	DefaultMaxBodyBytes       = 2 << 20         // an upstream JSON answer
	DefaultMaxMediaBytes      = 25 << 20        // one image or video
	DefaultMediaCacheBytes    = 256 << 20
	DefaultMaxConcurrentMedia = 4
	// DefaultDailyCalls is half of the 100 calls per member and day of
	// LinkedIn's Development tier.
	DefaultDailyCalls = 50
	// MinDailyCalls allows one refresh about every three hours.
	MinDailyCalls = 10
)

// Config configures a Service; each field is a row of cmd/site's settings
// table. The zero value serves the embedded sample feed in memory.
type Config struct {
	// AccessToken and OrganizationURN select LinkedIn when both are set.
	AccessToken, OrganizationURN string
	APIBase                      string
	// Version is the LinkedIn-Version header, default
	// linkedin.DefaultVersion(Released, now); Released is the build's day.
	Version  string
	Released time.Time
	// ClientID and ClientSecret let a page admin reconnect the feed, and
	// with RefreshToken a refused token is refreshed.
	RefreshToken, ClientID, ClientSecret string
	// TokenKey seals a reconnected token in DataDir; nil refuses a reconnect.
	TokenKey []byte
	TokenURL string
	TTL      time.Duration
	Timeout  time.Duration
	// DataDir holds the feed snapshot and the media cache; "": memory only.
	DataDir            string
	MaxBodyBytes       int64
	MaxMediaBytes      int64
	MediaCacheBytes    int64
	MaxConcurrentMedia int
	// MediaOrigins are the only origins media are downloaded from.
	MediaOrigins []string
	// MediaFetchRate (per second) and MediaFetchBurst bound the media
	// downloads visitors can cause.
	MediaFetchRate  float64
	MediaFetchBurst int
	// DailyCalls is the most LinkedIn API calls a UTC day; it also sets the
	// shortest refresh interval.
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
	cfg.APIBase = strings.TrimRight(cmp.Or(cfg.APIBase, DefaultAPIBase), "/")
	cfg.Version = cmp.Or(cfg.Version, linkedin.DefaultVersion(cfg.Released, time.Now()))
	cfg.TokenURL = cmp.Or(cfg.TokenURL, linkedin.DefaultTokenURL)
	orDefault(&cfg.TTL, DefaultTTL)
	orDefault(&cfg.Timeout, DefaultTimeout)
	orDefault(&cfg.MaxBodyBytes, DefaultMaxBodyBytes)
	orDefault(&cfg.MaxMediaBytes, DefaultMaxMediaBytes)
	orDefault(&cfg.MediaCacheBytes, DefaultMediaCacheBytes)
	orDefault(&cfg.MaxConcurrentMedia, DefaultMaxConcurrentMedia)
	orDefault(&cfg.MediaFetchRate, DefaultMediaFetchRate)
	orDefault(&cfg.MediaFetchBurst, DefaultMediaFetchBurst)
	if len(cfg.MediaOrigins) == 0 {
		cfg.MediaOrigins = slices.Clone(linkedin.DefaultMediaOrigins)
	}
	if cfg.DailyCalls == 0 {
		cfg.DailyCalls = DefaultDailyCalls
	}
	// An item larger than the whole cache could never be kept.
	cfg.MaxMediaBytes = min(cfg.MaxMediaBytes, cfg.MediaCacheBytes)
	return cfg
}

// orDefault sets *v to def unless it is positive.
func orDefault[T int | int64 | float64 | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
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
	env := func(name string) string { return strings.TrimSpace(getenv(name)) }
	cfg := Config{
		AccessToken: env("LINKEDIN_ACCESS_TOKEN"), OrganizationURN: env("LINKEDIN_ORGANIZATION_URN"),
		APIBase: env("LINKEDIN_API_BASE"), Version: env("LINKEDIN_VERSION"), RefreshToken: env("LINKEDIN_REFRESH_TOKEN"),
		ClientID: env("LINKEDIN_CLIENT_ID"), ClientSecret: env("LINKEDIN_CLIENT_SECRET"), TokenURL: env("LINKEDIN_TOKEN_URL"),
	}
	switch {
	case cfg.AccessToken == "" && cfg.OrganizationURN != "":
		return Config{}, fmt.Errorf("insights: LINKEDIN_ACCESS_TOKEN must be set when LINKEDIN_ORGANIZATION_URN is set")
	case cfg.AccessToken != "" && cfg.OrganizationURN == "":
		return Config{}, fmt.Errorf("insights: LINKEDIN_ORGANIZATION_URN must be set when LINKEDIN_ACCESS_TOKEN is set")
	case (cfg.ClientID == "") != (cfg.ClientSecret == ""):
		return Config{}, fmt.Errorf("insights: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together")
	case cfg.RefreshToken != "" && !cfg.hasClient():
		return Config{}, fmt.Errorf("insights: LINKEDIN_REFRESH_TOKEN needs LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET")
	}
	var err error
	if cfg.TokenKey, err = sealedtoken.ParseKey(getenv(sealedtoken.EnvKey)); err != nil {
		return Config{}, err
	}
	if raw := env("LINKEDIN_MEDIA_ORIGINS"); raw != "" {
		cfg.MediaOrigins = strings.Split(raw, ",")
	}
	for _, v := range []struct {
		name string
		d    *time.Duration
	}{{"INSIGHTS_TTL", &cfg.TTL}, {"INSIGHTS_TIMEOUT", &cfg.Timeout}} {
		if raw := env(v.name); raw != "" {
			if *v.d, err = time.ParseDuration(raw); err != nil {
				return Config{}, fmt.Errorf("insights: %s: %w", v.name, err)
			} else if *v.d <= 0 {
				return Config{}, fmt.Errorf("insights: %s must be positive, got %q", v.name, raw)
			}
		}
	}
	if raw := env("LINKEDIN_DAILY_CALLS"); raw != "" {
		if cfg.DailyCalls, err = strconv.Atoi(raw); err != nil || cfg.DailyCalls < MinDailyCalls {
			return Config{}, fmt.Errorf("insights: LINKEDIN_DAILY_CALLS %q: want a whole number of at least %d", raw, MinDailyCalls)
		}
	}
	if err := cfg.withDefaults().validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}
