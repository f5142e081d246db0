package sealedtoken

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var testTokenKey = []byte("0123456789abcdef0123456789abcdef")

// TestSealedToken: what is stored opens with its key only, unchanged, and
// holds no token in plain text; without a key nothing is stored.
func TestSealedToken(t *testing.T) {
	dir := t.TempDir()
	tok := Token{AccessToken: "AQV-secret-access", RefreshToken: "AQX-secret-refresh", Organization: "urn:li:organization:10482193", ExpiresAt: time.Unix(1900000000, 0).UTC()}
	if err := Save(dir, nil, tok); !errors.Is(err, ErrNoKey) {
		t.Fatalf("no key: %v, want ErrNoKey", err)
	}
	if _, err := os.Stat(filepath.Join(dir, File)); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a token was written without a key")
	}
	if err := Save(dir, testTokenKey, tok); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, File)
	raw, _ := os.ReadFile(path)
	for _, secret := range []string{tok.AccessToken, tok.RefreshToken, "accessToken"} {
		if bytes.Contains(raw, []byte(secret)) {
			t.Errorf("the file holds %q in plain text", secret)
		}
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", info.Mode().Perm())
	}
	got, err := Load(dir, testTokenKey)
	if err != nil || got.AccessToken != tok.AccessToken || got.RefreshToken != tok.RefreshToken || !got.ExpiresAt.Equal(tok.ExpiresAt) {
		t.Fatalf("loaded %+v, %v", got, err)
	}
	tampered := bytes.Clone(raw)
	tampered[len(tampered)-1] ^= 1
	for _, tc := range []struct {
		name string
		key  []byte
		data []byte
	}{
		{"another key", []byte("fedcba9876543210fedcba9876543210"), raw},
		{"a changed byte", testTokenKey, tampered},
		{"not a sealed file", testTokenKey, []byte(`{"accessToken":"x"}`)},
		{"empty", testTokenKey, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := open(tc.key, tc.data); err == nil {
				t.Fatal("opened")
			}
		})
	}
}
