package insights

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
)

// A reconnected token is kept in the data dir sealed with AES-256-GCM under
// LINKEDIN_TOKEN_KEY (never on the volume), and used after a restart while
// LINKEDIN_ACCESS_TOKEN is still the one it replaced.

// tokenFile is the sealed token's name in Config.DataDir.
const tokenFile = "linkedin-token.sealed"

// tokenMagic starts the file: its format, version 1 (nonce, then sealed JSON).
const tokenMagic = "VLT1"

// tokenAAD binds the ciphertext to its purpose: the key seals nothing else.
var tokenAAD = []byte("veldhaven linkedin access token v1")

// EnvTokenKey names the variable of the key that seals the stored token.
const EnvTokenKey = "LINKEDIN_TOKEN_KEY"

// ErrNoTokenKey is the refusal to store a token without a key.
var ErrNoTokenKey = errors.New("insights: " + EnvTokenKey + " is not set: a reconnected LinkedIn token is never stored in plain text; set it in the Secret (docs/deploy.md, LinkedIn credentials)")

// storedToken is what the sealed file holds.
type storedToken struct {
	AccessToken      string    `json:"accessToken"`
	ExpiresAt        time.Time `json:"expiresAt,omitzero"`
	RefreshToken     string    `json:"refreshToken,omitempty"`
	RefreshExpiresAt time.Time `json:"refreshExpiresAt,omitzero"`
	// Organization is the page the token was checked against.
	Organization string    `json:"organization"`
	ObtainedAt   time.Time `json:"obtainedAt"`
	// Replaces is tokenFingerprint of LINKEDIN_ACCESS_TOKEN when the token
	// was stored: while the environment still has that one, it is older.
	Replaces string `json:"replaces"`
}

// ParseTokenKey reads LINKEDIN_TOKEN_KEY: 32 random bytes in base64
// (openssl rand -base64 32). Errors never quote the value.
func ParseTokenKey(raw string) ([]byte, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if key, err := enc.DecodeString(raw); err == nil && len(key) == 32 {
			return key, nil
		}
	}
	return nil, fmt.Errorf("insights: %s: want 32 random bytes in base64 (openssl rand -base64 32)", EnvTokenKey)
}

// tokenFingerprint names a token without revealing it: the first 16 bytes
// of its SHA-256, in hex; "" for no token.
func tokenFingerprint(token string) string {
	if token == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:16])
}

// sealToken encrypts t under key.
func sealToken(key []byte, t storedToken) ([]byte, error) {
	gcm, err := tokenCipher(key)
	if err != nil {
		return nil, err
	}
	plain, err := json.Marshal(t)
	if err != nil {
		return nil, fmt.Errorf("insights: seal token: %w", err)
	}
	nonce := make([]byte, gcm.NonceSize())
	_, _ = rand.Read(nonce) // never fails (crypto/rand)
	out := append([]byte(tokenMagic), nonce...)
	return gcm.Seal(out, nonce, plain, tokenAAD), nil
}

// openToken decrypts what sealToken wrote; another key, an edited file or
// another format is an error.
func openToken(key, data []byte) (storedToken, error) {
	gcm, err := tokenCipher(key)
	if err != nil {
		return storedToken{}, err
	}
	if len(data) < len(tokenMagic)+gcm.NonceSize() || string(data[:len(tokenMagic)]) != tokenMagic {
		return storedToken{}, errors.New("insights: stored token: not a sealed token file")
	}
	data = data[len(tokenMagic):]
	plain, err := gcm.Open(nil, data[:gcm.NonceSize()], data[gcm.NonceSize():], tokenAAD)
	if err != nil {
		return storedToken{}, fmt.Errorf("insights: stored token: cannot be opened with %s (another key, or the file was changed)", EnvTokenKey)
	}
	var t storedToken
	if err := json.Unmarshal(plain, &t); err != nil || t.AccessToken == "" {
		return storedToken{}, errors.New("insights: stored token: no access token in it")
	}
	return t, nil
}

func tokenCipher(key []byte) (cipher.AEAD, error) {
	if len(key) != 32 {
		return nil, ErrNoTokenKey
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("insights: token key: %w", err)
	}
	return cipher.NewGCM(block)
}

// saveToken seals t into dir, readable by this user only.
func saveToken(dir string, key []byte, t storedToken) error {
	if len(key) == 0 {
		return ErrNoTokenKey
	}
	if dir == "" {
		return errors.New("insights: no data dir (DATA_DIR) to keep a reconnected token in")
	}
	data, err := sealToken(key, t)
	if err != nil {
		return err
	}
	return writeFileAtomicMode(dir, tokenFile, data, 0o600)
}

// loadToken reads the sealed token of dir; os.ErrNotExist when there is none.
func loadToken(dir string, key []byte) (storedToken, error) {
	data, err := os.ReadFile(filepath.Join(dir, tokenFile))
	if err != nil {
		return storedToken{}, err
	}
	return openToken(key, data)
}
