package editor

import (
	"strings"
	"testing"
)

func TestParseLocalBackend(t *testing.T) {
	tests := []struct {
		raw     string
		want    string
		errPart string
	}{
		{raw: "http://127.0.0.1:8081/api/v1", want: "http://127.0.0.1:8081/api/v1"},
		{raw: "http://localhost:8081/api/v1", want: "http://localhost:8081/api/v1"},
		{raw: "https://LOCALHOST:8443/api/v1", want: "https://LOCALHOST:8443/api/v1"},
		{raw: "http://127.0.0.2:8081", want: "http://127.0.0.2:8081"},
		{raw: "http://127.0.0.1/api/v1", want: "http://127.0.0.1/api/v1"},
		{raw: "http://10.0.0.5:8081/api/v1", errPart: "loopback"},
		{raw: "http://0.0.0.0:8081/api/v1", errPart: "loopback"},
		{raw: "http://example.com:8081/api/v1", errPart: "loopback"},
		{raw: "http://localhost.example.com:8081", errPart: "loopback"},
		{raw: "http://127.0.0.1.nip.io:8081", errPart: "loopback"},
		{raw: "http://[::1]:8081/api/v1", errPart: "IPv6"},
		{raw: "ftp://127.0.0.1:8081", errPart: "scheme"},
		{raw: "127.0.0.1:8081", errPart: "not a URL"},
		{raw: "localhost:8081", errPart: "scheme"},
		{raw: "//127.0.0.1:8081", errPart: "scheme"},
		{raw: "http:127.0.0.1", errPart: "no host"},
		{raw: "http://user:pw@127.0.0.1:8081", errPart: "user information"},
		{raw: "http://127.0.0.1:8081/api?x=1", errPart: "query"},
		{raw: "http://127.0.0.1:8081/api#x", errPart: "query"},
		{raw: "http://127.0.0.1:99999/api", errPart: "port"},
		{raw: "http://127.0.0.1:/api", errPart: "port"},
		{raw: "http://127.0.0.1:8081/\x00", errPart: "not a URL"},
		{raw: "javascript:alert(1)", errPart: "scheme"},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			got, err := ParseLocalBackend(tt.raw)
			if tt.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errPart) {
					t.Fatalf("error %v, want one about %q", err, tt.errPart)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestGitHubFromEnv(t *testing.T) {
	full := map[string]string{
		EnvClientID: "Ov23liAbCdEf12345678", EnvClientSecret: "s3cr3t-value-0123456789abcdef", EnvRepo: "veldhaven/site",
	}
	with := func(changes map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range full {
			m[k] = v
		}
		for k, v := range changes {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name       string
		env        map[string]string
		wantNil    bool
		wantBranch string
		errPart    string
	}{
		{name: "none set", env: map[string]string{}, wantNil: true},
		{name: "all set", env: full, wantBranch: "main"},
		{name: "branch", env: with(map[string]string{EnvBranch: "content/edits"}), wantBranch: "content/edits"},
		{name: "no secret", env: with(map[string]string{EnvClientSecret: ""}), errPart: EnvClientSecret},
		{name: "only repo", env: map[string]string{EnvRepo: "veldhaven/site"}, errPart: EnvClientID + ", " + EnvClientSecret},
		{name: "only branch", env: map[string]string{EnvBranch: "main"}, errPart: "missing " + EnvClientID},
		{name: "repo without owner", env: with(map[string]string{EnvRepo: "site"}), errPart: EnvRepo},
		{name: "repo URL", env: with(map[string]string{EnvRepo: "https://github.com/veldhaven/site"}), errPart: EnvRepo},
		{name: "repo with .git", env: with(map[string]string{EnvRepo: "veldhaven/site.git"}), errPart: EnvRepo},
		{name: "repo with three parts", env: with(map[string]string{EnvRepo: "veldhaven/site/x"}), errPart: EnvRepo},
		{name: "owner with leading hyphen", env: with(map[string]string{EnvRepo: "-veldhaven/site"}), errPart: EnvRepo},
		{name: "owner too long", env: with(map[string]string{EnvRepo: strings.Repeat("a", 40) + "/site"}), errPart: EnvRepo},
		{name: "name dot-dot", env: with(map[string]string{EnvRepo: "veldhaven/.."}), errPart: EnvRepo},
		{name: "repo with dots and underscores", env: with(map[string]string{EnvRepo: "Veld-haven/site_2.0"}), wantBranch: "main"},
		{name: "branch with dot-dot", env: with(map[string]string{EnvBranch: "a..b"}), errPart: EnvBranch},
		{name: "branch with space", env: with(map[string]string{EnvBranch: "my branch"}), errPart: EnvBranch},
		{name: "branch .lock", env: with(map[string]string{EnvBranch: "main.lock"}), errPart: EnvBranch},
		{name: "branch leading dash", env: with(map[string]string{EnvBranch: "-main"}), errPart: EnvBranch},
		{name: "client id with newline", env: with(map[string]string{EnvClientID: "abc\n"}), errPart: EnvClientID},
		{name: "secret with space", env: with(map[string]string{EnvClientSecret: "abc def"}), errPart: EnvClientSecret},
		{name: "state key", env: with(map[string]string{EnvStateKey: "K7gNU3sdo+OL0wNhqoVWhr3g6s1xYv72ol/pe/Unols="}), wantBranch: "main"},
		{name: "state key too short", env: with(map[string]string{EnvStateKey: "short-key-0123456789"}), errPart: EnvStateKey},
		{name: "state key with a line break", env: with(map[string]string{EnvStateKey: "K7gNU3sdo+OL0wNhqoVWhr3g6s1xYv72ol/pe/Unols=\n"}), errPart: EnvStateKey},
		// No sign-in, nothing to sign: a Secret may hold the key for every pod.
		{name: "only the state key", env: map[string]string{EnvStateKey: "K7gNU3sdo+OL0wNhqoVWhr3g6s1xYv72ol/pe/Unols="}, wantNil: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := GitHubFromEnv(func(k string) string { return tt.env[k] })
			if tt.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errPart) {
					t.Fatalf("error %v, want one naming %q", err, tt.errPart)
				}
				for _, secret := range []string{tt.env[EnvClientSecret], tt.env[EnvStateKey]} {
					if secret != "" && strings.Contains(err.Error(), secret) {
						t.Errorf("error %q shows a secret", err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantNil {
				if g != nil {
					t.Fatalf("got %+v, want nil", g)
				}
				return
			}
			if g == nil || g.Branch != tt.wantBranch || g.Repo != tt.env[EnvRepo] || g.ClientID != tt.env[EnvClientID] || g.ClientSecret != tt.env[EnvClientSecret] ||
				g.StateKey != tt.env[EnvStateKey] {
				t.Fatalf("got %+v", g)
			}
		})
	}
}

func TestBackendValidate(t *testing.T) {
	gh := &GitHub{ClientID: "id", ClientSecret: "secret", Repo: "veldhaven/site"}
	tests := []struct {
		name    string
		b       Backend
		mode    string
		errPart string
	}{
		{name: "none", mode: "none"},
		{name: "local", b: Backend{Local: "http://127.0.0.1:8081/api/v1"}, mode: "local"},
		{name: "github", b: Backend{GitHub: gh}, mode: "github"},
		{name: "both", b: Backend{Local: "http://127.0.0.1:8081/api/v1", GitHub: gh}, errPart: "both"},
		{name: "remote local backend", b: Backend{Local: "http://example.com/api/v1"}, errPart: "loopback"},
		{name: "bad repo", b: Backend{GitHub: &GitHub{ClientID: "id", ClientSecret: "secret", Repo: "x"}}, errPart: EnvRepo},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.b.Validate()
			if tt.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errPart) {
					t.Fatalf("error %v, want one about %q", err, tt.errPart)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.b.Mode(); got != tt.mode {
				t.Errorf("mode %q, want %q", got, tt.mode)
			}
		})
	}
}
