package main

import "strings"

// setting is one row of the settings table: a flag (may be empty), its
// environment variable(s), its default and its meaning, as Markdown.
type setting struct{ flag, env, def, meaning string }

// settings is every setting of bin/site. The flags take their help from it,
// and README.md and docs/deploy.md show it (TestSettingsTables).
var settings = []setting{
	{"addr", "`PORT` (`:$PORT`)", "`:8080`", "listen address"},
	{"site-url", "`SITE_URL`", "`http://localhost:8080`", "public origin in sitemap.xml, robots.txt, security.txt"},
	{"hsts", "", "off", "send `Strict-Transport-Security` (2 years, preload) and `upgrade-insecure-requests`; set it when TLS terminates in front"},
	{"metrics-addr", "`METRICS_ADDR`", "empty: no `/metrics`", "serve Prometheus metrics on this private address; the public address answers `/metrics` with the 404 page"},
	{"public-metrics", "", "off", "serve `/metrics` on the public address instead (a platform with one port that keeps `/metrics` from visitors itself); refused together with `-metrics-addr`"},
	{"data-dir", "`DATA_DIR`", "`$XDG_CACHE_HOME/veldhaven-site`", "feed snapshot and media cache; on a web replica, its last good copies (`feed-copies/`)"},
	{"feed-url", "`FEED_URL`", "empty: this process runs the feed", "a web replica: `/linkedin-api*` from the feed owner at this base URL (an http(s) origin, no path, query or user), see `docs/deploy.md`, \"Replicas\". A LinkedIn credential (`LINKEDIN_ACCESS_TOKEN`, `LINKEDIN_ORGANIZATION_URN`, `LINKEDIN_REFRESH_TOKEN`, `LINKEDIN_CLIENT_ID`, `LINKEDIN_CLIENT_SECRET`) beside it stops the start with an error; the owner's other settings (`INSIGHTS_*`, `LINKEDIN_API_BASE`, `LINKEDIN_VERSION`, ...) are ignored with one log line naming them"},
	{"trusted-proxies", "`TRUSTED_PROXIES`", "empty: none", "CIDRs or addresses (comma-separated) of the proxies whose `X-Forwarded-For` is believed for the per-client budgets of the editor's sign-in and LinkedIn's reconnect: the ingress controller's or load balancer's addresses, and on the feed owner the web replicas' (they forward `/admin/linkedin*` with the visitor's address appended). Leave empty when visitors connect directly; a `LoadBalancer` Service with `externalTrafficPolicy: Cluster` shows every visitor from a node's address, so name only what is a proxy"},
	{"drain", "", "`10s`", "on SIGTERM/SIGINT, how long requests in flight may finish"},
	{"log-level", "`LOG_LEVEL`", "`info`", "`debug`, `info`, `warn`, `error`"},
	{"security-contact", "`SECURITY_CONTACT`", "`mailto:security@veldhaven.eu`", "Contact in `/.well-known/security.txt`"},
	{"site-dir", "", "empty: the embedded build", "development: serve the web build in this folder instead of the embedded one, without relinking the binary"},
	{"", "`LINKEDIN_ACCESS_TOKEN`", "empty", "with `LINKEDIN_ORGANIZATION_URN`: read posts from LinkedIn; else the embedded sample feed"},
	{"", "`LINKEDIN_ORGANIZATION_URN`", "empty", "e.g. `urn:li:organization:12345`"},
	{"", "`LINKEDIN_API_BASE`", "`https://api.linkedin.com`", "LinkedIn REST origin (tests point it at a fake)"},
	{"", "`LINKEDIN_VERSION`", "the month before the build's commit date (`BUILD_DATE`)", "`LinkedIn-Version` header (YYYYMM); see `docs/deploy.md`, \"LinkedIn versions\""},
	{"", "`LINKEDIN_REFRESH_TOKEN`, `LINKEDIN_CLIENT_ID`, `LINKEDIN_CLIENT_SECRET`", "empty", "optional: on a 401, or a 500 (LinkedIn's answer when its check of the token fails; at most once per 10 min), the access token is refreshed once through LinkedIn's OAuth endpoint and the call repeated"},
	{"", "`LINKEDIN_TOKEN_URL`", "`https://www.linkedin.com/oauth/v2/accessToken`", "LinkedIn's OAuth token endpoint (tests point it at a fake)"},
	{"", "`LINKEDIN_TOKEN_KEY`", "empty: a reconnect is refused", "32 random bytes in base64 (`openssl rand -base64 32`) sealing a reconnected token in the data dir; see `docs/deploy.md`, \"LinkedIn credentials\""},
	{"", "`LINKEDIN_AUTH_URL`", "`https://www.linkedin.com/oauth/v2/authorization`", "LinkedIn's authorization page for the reconnect (tests point it at `cmd/fakelinkedin`)"},
	{"", "`LINKEDIN_MEDIA_ORIGINS`", "`https://media.licdn.com,https://dms.licdn.com`", "the only origins media are downloaded from (each redirect too, at most 3); addresses on the server's own network are refused unless an origin names one literally (tests: the fake's origin). See `SECURITY.md`"},
	{"", "`INSIGHTS_TTL`", "`5m`", "the shortest interval between two background refreshes of the feed; the daily budget makes it longer when needed (36 min with the defaults; see `docs/deploy.md`, \"LinkedIn's limits and the daily budget\")"},
	{"", "`INSIGHTS_TIMEOUT`", "`5s`", "timeout of every upstream call (and of a whole refresh)"},
	{"linkedin-daily-calls", "`LINKEDIN_DAILY_CALLS`", "`50` (at least 10)", "the most LinkedIn API calls made per UTC day, kept across restarts in `DATA_DIR`; see `docs/deploy.md`, \"LinkedIn's limits and the daily budget\""},
	{"", "`CMS_GITHUB_CLIENT_ID`, `CMS_GITHUB_CLIENT_SECRET`", "empty", "the GitHub OAuth app the editor signs in with (`docs/deploy.md`, \"The editor: GitHub sign-in\")"},
	{"", "`CMS_GITHUB_REPO`", "empty", "`owner/name` of the repository the editor opens pull requests on"},
	{"", "`CMS_GITHUB_BRANCH`", "`main`", "the branch those pull requests target"},
	{"", "`CMS_STATE_KEY`", "a random key per process", "signs the sign-in's state cookie; at least 32 characters (`openssl rand -base64 32`), the same on every replica (`docs/deploy.md`, \"The editor: GitHub sign-in\")"},
	{"cms-local-backend", "`CMS_LOCAL_BACKEND`", "empty", "development only (`make edit`): Decap's local backend, an http(s) URL on 127.0.0.1 or localhost; exclusive with the GitHub variables"},
}

// usage is a flag's help: its meaning in the table. A flag missing there is
// a programming error that every test of parseConfig reports.
func usage(flag string) string {
	for _, s := range settings {
		if s.flag == flag {
			return strings.ReplaceAll(s.meaning, "`", "")
		}
	}
	panic("settings: no row for -" + flag)
}
