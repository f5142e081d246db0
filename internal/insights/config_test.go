package insights

import (
	"strings"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/linkedin"
)

// TestConfigFromEnv is a table of environments.
func TestConfigFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name    string
		env     map[string]string
		wantErr string // substring naming the variable; "" for success
		check   func(t *testing.T, c Config)
	}{
		{name: "empty: sample feed", env: nil, check: func(t *testing.T, c Config) {
			if c.linkedIn() {
				t.Error("LinkedIn selected without credentials")
			}
		}},
		{name: "LinkedIn", env: map[string]string{
			"LINKEDIN_ACCESS_TOKEN": "tok", "LINKEDIN_ORGANIZATION_URN": "urn:li:organization:123",
			"LINKEDIN_API_BASE": "http://127.0.0.1:9", "LINKEDIN_VERSION": "202504",
			"INSIGHTS_TTL": "90s", "INSIGHTS_TIMEOUT": "2s",
		}, check: func(t *testing.T, c Config) {
			if !c.linkedIn() || c.APIBase != "http://127.0.0.1:9" || c.Version != "202504" || c.TTL != 90*time.Second || c.Timeout != 2*time.Second {
				t.Errorf("config %+v", c)
			}
		}},
		{name: "refresh", env: map[string]string{
			"LINKEDIN_ACCESS_TOKEN": "tok", "LINKEDIN_ORGANIZATION_URN": "urn:li:organization:123",
			"LINKEDIN_REFRESH_TOKEN": "r", "LINKEDIN_CLIENT_ID": "id", "LINKEDIN_CLIENT_SECRET": "s",
		}, check: func(t *testing.T, c Config) {
			if !c.hasClient() || c.RefreshToken != "r" {
				t.Error("refresh not enabled")
			}
		}},
		{name: "client credentials without a refresh token", env: map[string]string{
			"LINKEDIN_ACCESS_TOKEN": "tok", "LINKEDIN_ORGANIZATION_URN": "urn:li:organization:123",
			"LINKEDIN_CLIENT_ID": "id", "LINKEDIN_CLIENT_SECRET": "s",
		}, check: func(t *testing.T, c Config) {
			if !c.hasClient() || c.RefreshToken != "" {
				t.Errorf("client %q/%q refresh %q", c.ClientID, c.ClientSecret, c.RefreshToken)
			}
		}},
		{name: "client id without its secret", env: map[string]string{"LINKEDIN_CLIENT_ID": "id"}, wantErr: "LINKEDIN_CLIENT_SECRET"},
		{name: "token key", env: map[string]string{"LINKEDIN_TOKEN_KEY": "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="}, check: func(t *testing.T, c Config) {
			if string(c.TokenKey) != "0123456789abcdef0123456789abcdef" {
				t.Errorf("TokenKey %q", c.TokenKey)
			}
		}},
		{name: "token key too short", env: map[string]string{"LINKEDIN_TOKEN_KEY": "c3VwZXJzZWNyZXQ="}, wantErr: "LINKEDIN_TOKEN_KEY"},
		{name: "token key not base64", env: map[string]string{"LINKEDIN_TOKEN_KEY": "supersecret supersecret supersecret!!"}, wantErr: "LINKEDIN_TOKEN_KEY"},
		{name: "token without org", env: map[string]string{"LINKEDIN_ACCESS_TOKEN": "supersecret"}, wantErr: "LINKEDIN_ORGANIZATION_URN"},
		{name: "org without token", env: map[string]string{"LINKEDIN_ORGANIZATION_URN": "urn:li:organization:1"}, wantErr: "LINKEDIN_ACCESS_TOKEN"},
		{name: "bad org", env: map[string]string{"LINKEDIN_ACCESS_TOKEN": "supersecret", "LINKEDIN_ORGANIZATION_URN": "urn:li:person:1"}, wantErr: "LINKEDIN_ORGANIZATION_URN"},
		{name: "bad base", env: map[string]string{"LINKEDIN_API_BASE": "ftp://x"}, wantErr: "LINKEDIN_API_BASE"},
		{name: "relative base", env: map[string]string{"LINKEDIN_API_BASE": "/api"}, wantErr: "LINKEDIN_API_BASE"},
		{name: "bad version", env: map[string]string{"LINKEDIN_VERSION": "2024-01"}, wantErr: "LINKEDIN_VERSION"},
		{name: "partial refresh", env: map[string]string{"LINKEDIN_REFRESH_TOKEN": "supersecret"}, wantErr: "LINKEDIN_CLIENT_ID"},
		{name: "bad ttl", env: map[string]string{"INSIGHTS_TTL": "five minutes"}, wantErr: "INSIGHTS_TTL"},
		{name: "negative timeout", env: map[string]string{"INSIGHTS_TIMEOUT": "-1s"}, wantErr: "INSIGHTS_TIMEOUT"},
		{name: "daily calls", env: map[string]string{"LINKEDIN_DAILY_CALLS": "400"}, check: func(t *testing.T, c Config) {
			if c.DailyCalls != 400 {
				t.Errorf("DailyCalls %d", c.DailyCalls)
			}
		}},
		{name: "daily calls below the minimum", env: map[string]string{"LINKEDIN_DAILY_CALLS": "5"}, wantErr: "LINKEDIN_DAILY_CALLS"},
		{name: "daily calls not a number", env: map[string]string{"LINKEDIN_DAILY_CALLS": "lots"}, wantErr: "LINKEDIN_DAILY_CALLS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ConfigFromEnv(func(k string) string { return tc.env[k] })
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want one naming %s", err, tc.wantErr)
				}
				if strings.Contains(err.Error(), "supersecret") {
					t.Errorf("error quotes a secret: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, c)
		})
	}
}

// TestConfigDefaults checks the defaults New applies.
func TestConfigDefaults(t *testing.T) {
	c := Config{}.withDefaults()
	if c.APIBase != DefaultAPIBase || c.Version != linkedin.DefaultVersion(time.Time{}, time.Now()) || c.TokenURL != linkedin.DefaultTokenURL || c.TTL != DefaultTTL ||
		c.Timeout != DefaultTimeout || c.MaxBodyBytes != DefaultMaxBodyBytes || c.MaxMediaBytes != DefaultMaxMediaBytes ||
		c.MediaCacheBytes != DefaultMediaCacheBytes || c.MaxConcurrentMedia != DefaultMaxConcurrentMedia || c.DailyCalls != DefaultDailyCalls {
		t.Errorf("defaults %+v", c)
	}
	if err := c.validate(); err != nil {
		t.Error(err)
	}
	if c := (Config{MediaCacheBytes: 1 << 20}).withDefaults(); c.MaxMediaBytes != 1<<20 {
		t.Errorf("MaxMediaBytes %d not clamped to the cache size", c.MaxMediaBytes)
	}
	if err := (Config{AccessToken: "t", OrganizationURN: "org"}).withDefaults().validate(); err == nil {
		t.Error("bad organization URN accepted by New")
	}
}
