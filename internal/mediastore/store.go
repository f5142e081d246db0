// Package mediastore keeps media bytes as plain files, one per key, bounded
// in bytes, serving only what sniffs as the kind its key names.
package mediastore

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// keyPattern is the syntax of a key: its kind, a dash and an id.
var keyPattern = regexp.MustCompile(`^(image|video|thumb)-[A-Za-z0-9_-]{8,64}$`)

// ErrTooLarge is Put's error for an item over the size cap.
var ErrTooLarge = errors.New("media over the size cap")

// ErrType is Put's error for bytes that are not of the kind the key names.
var ErrType = errors.New("media of an unexpected content type")

// Store is one file per key in dir, bounded in bytes (least recently used
// out); a type sniffed on open must fit its key's kind.
type Store struct {
	dir  string
	max  int64
	temp bool // dir is the store's own, removed by Close
	mu   sync.Mutex
}

// New keeps at most max bytes in dir, or in a temporary folder of its own
// when dir is "".
func New(dir string, max int64) (*Store, error) {
	m := &Store{dir: dir, max: max}
	var err error
	if dir == "" {
		m.dir, err = os.MkdirTemp("", "veldhaven-media-")
		m.temp = true
	} else {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return nil, fmt.Errorf("mediastore: %w", err)
	}
	return m, nil
}

// KindMatches reports whether a sniffed type fits the key's kind: images for
// image keys and thumbnails, videos for video keys; never HTML or script.
func KindMatches(key, contentType string) bool {
	kind, _, _ := strings.Cut(key, "-")
	if kind == "thumb" {
		kind = "image"
	}
	return strings.HasPrefix(contentType, kind+"/")
}

// Item is an open item: its file, type and size.
type Item struct {
	*os.File
	ContentType string
	Size        int64
}

// ValidKey reports whether key is of the syntax the store keeps.
func ValidKey(key string) bool { return keyPattern.MatchString(key) }

// Has reports whether key is stored.
func (m *Store) Has(key string) bool {
	_, err := os.Stat(filepath.Join(m.dir, key))
	return keyPattern.MatchString(key) && err == nil
}

// Open opens key's item and marks it used.
func (m *Store) Open(key string) (*Item, bool) {
	if !keyPattern.MatchString(key) {
		return nil, false
	}
	name := filepath.Join(m.dir, key)
	f, err := os.Open(name)
	if err != nil {
		return nil, false
	}
	info, err := f.Stat()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	ct := http.DetectContentType(head[:n])
	if _, serr := f.Seek(0, io.SeekStart); err != nil || serr != nil || !KindMatches(key, ct) {
		_ = f.Close()
		return nil, false
	}
	now := time.Now() // the modification time is the last use
	_ = os.Chtimes(name, now, now)
	return &Item{File: f, ContentType: ct, Size: info.Size()}, true
}

// entries are the stored files, least recently used first.
func (m *Store) entries() []os.FileInfo {
	dirents, _ := os.ReadDir(m.dir)
	var infos []os.FileInfo
	for _, e := range dirents {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			infos = append(infos, info)
		}
	}
	slices.SortFunc(infos, func(a, b os.FileInfo) int { return a.ModTime().Compare(b.ModTime()) })
	return infos
}

// Stats is the number of items and their bytes.
func (m *Store) Stats() (n int, bytes int64) {
	for _, info := range m.entries() {
		n, bytes = n+1, bytes+info.Size()
	}
	return n, bytes
}

// Retain removes every item keep refuses and returns how many.
func (m *Store) Retain(keep func(key string) bool) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, info := range m.entries() {
		if !keep(info.Name()) && os.Remove(filepath.Join(m.dir, info.Name())) == nil {
			n++
		}
	}
	return n
}

// Close removes the store's own temporary folder.
func (m *Store) Close() {
	if m.temp {
		_ = os.RemoveAll(m.dir)
	}
}

// Put stores at most limit bytes of r under key. Bytes over limit fail with
// ErrTooLarge, bytes of the wrong kind with ErrType; nothing is stored then.
func (m *Store) Put(key string, r io.Reader, limit int64) (err error) {
	if !keyPattern.MatchString(key) {
		return errors.New("mediastore: put: invalid key")
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return fmt.Errorf("mediastore: put: %w", err)
	}
	if !KindMatches(key, http.DetectContentType(head[:n])) {
		return fmt.Errorf("mediastore: put: %w", ErrType)
	}
	tmp, err := os.CreateTemp(m.dir, "."+key+".tmp-*")
	if err != nil {
		return fmt.Errorf("mediastore: put: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	written, err := io.Copy(tmp, io.LimitReader(io.MultiReader(bytes.NewReader(head[:n]), r), min(limit, m.max)+1))
	switch {
	case err != nil:
		return fmt.Errorf("mediastore: put: %w", err)
	case written > min(limit, m.max):
		return fmt.Errorf("mediastore: put: %w", ErrTooLarge)
	}
	if err = tmp.Sync(); err == nil {
		err = tmp.Close()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(m.dir, key))
	}
	if err != nil {
		return fmt.Errorf("mediastore: put: %w", err)
	}
	_, total := m.Stats()
	for _, info := range m.entries() {
		if total <= m.max {
			break
		}
		if info.Name() != key && os.Remove(filepath.Join(m.dir, info.Name())) == nil {
			total -= info.Size()
		}
	}
	return nil
}
