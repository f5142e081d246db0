// Package sealedtoken keeps a LinkedIn token in a data dir sealed with
// AES-256-GCM under a key that is never on the volume.
package sealedtoken

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/atomicfile"
)

// File is the sealed token's name in its dir.
const File = "linkedin-token.sealed"

// tokenMagic starts the file: its format, version 1 (nonce, then sealed JSON).
const tokenMagic = "VLT1"

// tokenAAD binds the ciphertext to its purpose: the key seals nothing else.
var tokenAAD = []byte("veldhaven linkedin access token v1")

// EnvKey names the variable of the key that seals the stored token.
const EnvKey = "LINKEDIN_TOKEN_KEY"

// ErrNoKey is the refusal to store a token without a key.
var ErrNoKey = errors.New("sealedtoken: " + EnvKey + " is not set: a reconnected LinkedIn token is never stored in plain text; set it in the Secret (docs/deploy.md, LinkedIn credentials)")

// Token is what the sealed file holds.
type Token struct {
	AccessToken      string    `json:"accessToken"`
	ExpiresAt        time.Time `json:"expiresAt,omitzero"`
	RefreshToken     string    `json:"refreshToken,omitempty"`
	RefreshExpiresAt time.Time `json:"refreshExpiresAt,omitzero"`
	// Organization is the page the token was checked against.
	Organization string    `json:"organization"`
	ObtainedAt   time.Time `json:"obtainedAt"`
	// Replaces is the Fingerprint of LINKEDIN_ACCESS_TOKEN when the token
	// was stored: while the environment still has that one, it is older.
	Replaces string `json:"replaces"`
}

// ParseKey reads LINKEDIN_TOKEN_KEY: 32 random bytes in base64
// (openssl rand -base64 32). Errors never quote the value.
func ParseKey(raw string) ([]byte, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if key, err := enc.DecodeString(raw); err == nil && len(key) == 32 {
			return key, nil
		}
	}
	return nil, fmt.Errorf("%s: want 32 random bytes in base64 (openssl rand -base64 32)", EnvKey)
}

// Fingerprint names a token without revealing it: the first 16 bytes
// of its SHA-256, in hex; "" for no token.
func Fingerprint(token string) string {
	if token == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:16])
}

// seal encrypts t under key.
func seal(key []byte, t Token) ([]byte, error) {
	gcm, err := newCipher(key)
	if err != nil {
		return nil, err
	}
	plain, err := json.Marshal(t)
	if err != nil {
		return nil, fmt.Errorf("sealedtoken: seal: %w", err)
	}
	nonce := make([]byte, gcm.NonceSize())
	_, _ = rand.Read(nonce) // never fails (crypto/rand)
	out := append([]byte(tokenMagic), nonce...)
	return gcm.Seal(out, nonce, plain, tokenAAD), nil
}

// open decrypts what seal wrote; another key, an edited file or
// another format is an error.
func open(key, data []byte) (Token, error) {
	gcm, err := newCipher(key)
	if err != nil {
		return Token{}, err
	}
	if len(data) < len(tokenMagic)+gcm.NonceSize() || string(data[:len(tokenMagic)]) != tokenMagic {
		return Token{}, errors.New("sealedtoken: not a sealed token file")
	}
	data = data[len(tokenMagic):]
	plain, err := gcm.Open(nil, data[:gcm.NonceSize()], data[gcm.NonceSize():], tokenAAD)
	if err != nil {
		return Token{}, fmt.Errorf("sealedtoken: cannot be opened with %s (another key, or the file was changed)", EnvKey)
	}
	var t Token
	if err := json.Unmarshal(plain, &t); err != nil || t.AccessToken == "" {
		return Token{}, errors.New("sealedtoken: no access token in it")
	}
	return t, nil
}

func newCipher(key []byte) (cipher.AEAD, error) {
	if len(key) != 32 {
		return nil, ErrNoKey
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("sealedtoken: key: %w", err)
	}
	return cipher.NewGCM(block)
}

// Save seals t into dir, readable by this user only.
func Save(dir string, key []byte, t Token) error {
	if len(key) == 0 {
		return ErrNoKey
	}
	if dir == "" {
		return errors.New("insights: no data dir (DATA_DIR) to keep a reconnected token in")
	}
	data, err := seal(key, t)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(dir, File, data, 0o600); err != nil {
		return fmt.Errorf("sealedtoken: %w", err)
	}
	return nil
}

// Load reads the sealed token of dir; os.ErrNotExist when there is none.
func Load(dir string, key []byte) (Token, error) {
	data, err := os.ReadFile(filepath.Join(dir, File))
	if err != nil {
		return Token{}, err
	}
	return open(key, data)
}
