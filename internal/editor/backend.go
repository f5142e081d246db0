package editor

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// Backend is where the editor reads and writes the content. At most one of
// Local and GitHub is set; with neither the editor is not configured.
type Backend struct {
	// Local is the URL of Decap's local backend (decap-server), which edits
	// the working tree: `make edit` sets http://127.0.0.1:8081/api/v1.
	Local string
	// GitHub edits the repository through pull requests (the editorial workflow).
	GitHub *GitHub
}

// GitHub is the production backend: a GitHub OAuth app and the repository
// the editor works on.
type GitHub struct {
	ClientID     string
	ClientSecret string
	// Repo is owner/name.
	Repo string
	// Branch is the branch pull requests go to; "main" when empty.
	Branch string
	// StateKey signs the sign-in's state cookie; empty means a random key
	// of this process, which is enough for one replica only.
	StateKey string
}

// Mode names the backend for logs and documentation: "local", "github" or "none".
func (b Backend) Mode() string {
	switch {
	case b.Local != "":
		return "local"
	case b.GitHub != nil:
		return "github"
	}
	return "none"
}

// Validate checks a Backend built by hand the way ParseLocalBackend and
// GitHubFromEnv check theirs.
func (b Backend) Validate() error {
	if b.Local != "" && b.GitHub != nil {
		return errors.New("editor: the local backend and GitHub are both configured; set one")
	}
	if b.Local != "" {
		if _, err := ParseLocalBackend(b.Local); err != nil {
			return err
		}
	}
	if b.GitHub != nil {
		return b.GitHub.validate()
	}
	return nil
}

// ParseLocalBackend accepts an http(s) URL on a loopback host only: the local
// backend writes the working tree without signing in.
func ParseLocalBackend(raw string) (string, error) {
	bad := func(why string) error {
		return fmt.Errorf("local backend %q: %s; want an http(s) URL on a loopback host, such as http://127.0.0.1:8081/api/v1", raw, why)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", bad("not a URL")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", bad("scheme must be http or https")
	}
	if u.Opaque != "" || u.Host == "" {
		return "", bad("no host")
	}
	if u.User != nil {
		return "", bad("user information is not allowed")
	}
	if u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		return "", bad("query and fragment are not allowed")
	}
	if strings.HasPrefix(u.Host, "[") {
		// The editor's Content-Security-Policy must name the backend, and
		// its grammar has no IPv6 literals.
		return "", bad("IPv6 hosts cannot be named in a Content-Security-Policy, use 127.0.0.1")
	}
	if !isLoopback(u.Hostname()) {
		return "", bad("host is not a loopback address")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", bad("port out of range")
		}
	} else if strings.HasSuffix(u.Host, ":") {
		return "", bad("empty port")
	}
	return u.String(), nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Environment variables of the GitHub backend.
const (
	EnvClientID     = "CMS_GITHUB_CLIENT_ID"
	EnvClientSecret = "CMS_GITHUB_CLIENT_SECRET"
	EnvRepo         = "CMS_GITHUB_REPO"
	EnvBranch       = "CMS_GITHUB_BRANCH"
	// EnvStateKey signs the state cookie, the same on every replica.
	EnvStateKey = "CMS_STATE_KEY"
)

// minStateKey is the shortest state key accepted: 32 characters of base64
// are 192 bits.
const minStateKey = 32

// DefaultBranch is where pull requests go when CMS_GITHUB_BRANCH is unset.
const DefaultBranch = "main"

// GitHubFromEnv reads the GitHub backend: nil when none of its variables is
// set; errors name the variable, never a secret.
func GitHubFromEnv(getenv func(string) string) (*GitHub, error) {
	g := &GitHub{
		ClientID:     getenv(EnvClientID),
		ClientSecret: getenv(EnvClientSecret),
		Repo:         getenv(EnvRepo),
		Branch:       getenv(EnvBranch),
		StateKey:     getenv(EnvStateKey),
	}
	var missing []string
	for _, v := range []struct{ name, value string }{
		{EnvClientID, g.ClientID}, {EnvClientSecret, g.ClientSecret}, {EnvRepo, g.Repo},
	} {
		if v.value == "" {
			missing = append(missing, v.name)
		}
	}
	switch {
	case len(missing) == 3 && g.Branch == "":
		return nil, nil
	case len(missing) > 0:
		return nil, fmt.Errorf("editor: %s, %s and %s configure the GitHub sign-in together; missing %s",
			EnvClientID, EnvClientSecret, EnvRepo, strings.Join(missing, ", "))
	}
	if g.Branch == "" {
		g.Branch = DefaultBranch
	}
	if err := g.validate(); err != nil {
		return nil, err
	}
	return g, nil
}

// GitHub's rules: an owner is 1-39 letters, digits or single hyphens, not at
// either end; a repository name is 1-100 letters, digits, '.', '-' or '_'.
var (
	ownerRe = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9]|-[A-Za-z0-9]){0,38}$`)
	nameRe  = regexp.MustCompile(`^[A-Za-z0-9._-]{1,100}$`)
	// credentialRe: client IDs and secrets are printable ASCII without spaces;
	// a space or line break is a copy-and-paste accident.
	credentialRe = regexp.MustCompile(`^[\x21-\x7e]{1,255}$`)
	stateKeyRe   = regexp.MustCompile(`^[\x21-\x7e]+$`)
)

func (g *GitHub) validate() error {
	if !credentialRe.MatchString(g.ClientID) {
		return fmt.Errorf("editor: %s: want printable characters without spaces", EnvClientID)
	}
	if !credentialRe.MatchString(g.ClientSecret) {
		return fmt.Errorf("editor: %s: want printable characters without spaces", EnvClientSecret)
	}
	owner, name, ok := strings.Cut(g.Repo, "/")
	if !ok || !ownerRe.MatchString(owner) || !nameRe.MatchString(name) || name == "." || name == ".." ||
		strings.HasSuffix(strings.ToLower(name), ".git") {
		return fmt.Errorf("editor: %s %q: want owner/name, such as veldhaven/site", EnvRepo, g.Repo)
	}
	if g.StateKey != "" && (len(g.StateKey) < minStateKey || len(g.StateKey) > 1024 || !stateKeyRe.MatchString(g.StateKey)) {
		return fmt.Errorf("editor: %s: want at least %d random printable characters without spaces (openssl rand -base64 32)", EnvStateKey, minStateKey)
	}
	branch := g.Branch
	if branch == "" {
		branch = DefaultBranch
	}
	if !validBranch(branch) {
		return fmt.Errorf("editor: %s %q: not a valid branch name", EnvBranch, g.Branch)
	}
	return nil
}

// validBranch applies git check-ref-format's rules to a branch name, less
// the characters no one puts in one.
func validBranch(b string) bool {
	if len(b) > 255 || b == "@" || strings.HasPrefix(b, "-") || strings.HasPrefix(b, "/") ||
		strings.HasSuffix(b, "/") || strings.HasSuffix(b, ".") || strings.HasSuffix(b, ".lock") ||
		strings.Contains(b, "..") || strings.Contains(b, "//") || strings.Contains(b, "@{") || strings.Contains(b, "/.") ||
		strings.HasPrefix(b, ".") {
		return false
	}
	for _, c := range b {
		if c <= ' ' || c == 0x7f || strings.ContainsRune(`~^:?*[\`, c) {
			return false
		}
	}
	return true
}
