package insights

import (
	"bytes"
	"container/list"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// mediaKeyPattern is the syntax of a media cache key (see mediaKey); it
// also guards file names in the cache directory.
var mediaKeyPattern = regexp.MustCompile(`^(image|video|thumb)-[A-Za-z0-9_-]{8,64}$`)

// errMediaTooLarge is returned by put for an item over the size cap.
var errMediaTooLarge = errors.New("media over the size cap")

// errMediaType is returned by put for bytes that are not of the kind asked.
var errMediaType = errors.New("media of an unexpected content type")

// mediaStore is a bounded LRU cache of media bytes, on disk under dir, or in
// memory when dir is "". It is safe for concurrent use.
type mediaStore struct {
	dir    string
	max    int64
	logger *slog.Logger

	mu    sync.Mutex
	lru   *list.List // of *mediaItem, most recent first
	items map[string]*list.Element
	size  int64
}

// mediaItem is one cached image or video.
type mediaItem struct {
	key         string
	size        int64
	contentType string
	modTime     time.Time
	data        []byte // memory store only
}

// newMediaStore opens a store. With a dir it indexes the files already
// there (oldest evicted first) and removes leftover temporary files.
func newMediaStore(dir string, max int64, logger *slog.Logger) (*mediaStore, error) {
	m := &mediaStore{dir: dir, max: max, logger: logger, lru: list.New(), items: make(map[string]*list.Element)}
	if dir == "" {
		return m, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("insights: media cache: %w", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("insights: media cache: %w", err)
	}
	var found []*mediaItem
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".tmp-") {
			_ = os.Remove(filepath.Join(dir, name))
			continue
		}
		if !e.Type().IsRegular() || !mediaKeyPattern.MatchString(name) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		ct, err := sniffFile(filepath.Join(dir, name))
		if err != nil || !kindMatches(name, ct) {
			_ = os.Remove(filepath.Join(dir, name))
			continue
		}
		found = append(found, &mediaItem{key: name, size: info.Size(), contentType: ct, modTime: info.ModTime()})
	}
	sort.Slice(found, func(i, j int) bool { return found[i].modTime.After(found[j].modTime) })
	m.mu.Lock()
	for _, it := range found {
		m.items[it.key] = m.lru.PushBack(it)
		m.size += it.size
	}
	m.evictLocked()
	m.mu.Unlock()
	return m, nil
}

// sniffFile detects the content type of a file from its first bytes.
func sniffFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return "", err
	}
	return http.DetectContentType(head[:n]), nil
}

// kindMatches reports whether a sniffed content type fits the kind the key
// names: only images for image keys, only videos for video keys. Anything
// else (HTML, scripts) is never served from the site's origin.
func kindMatches(key, contentType string) bool {
	kind, _, _ := strings.Cut(key, "-")
	if kind == "thumb" {
		kind = "image" // a video's thumbnail is an image
	}
	return strings.HasPrefix(contentType, kind+"/")
}

// has reports whether key is cached.
func (m *mediaStore) has(key string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.items[key]
	return ok
}

// bytes returns the total size of the cached items.
func (m *mediaStore) bytes() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.size
}

// open returns a reader of a cached item and its metadata; ok is false
// when key is not cached.
func (m *mediaStore) open(key string) (rs io.ReadSeekCloser, it mediaItem, ok bool) {
	m.mu.Lock()
	el, found := m.items[key]
	if !found {
		m.mu.Unlock()
		return nil, mediaItem{}, false
	}
	m.lru.MoveToFront(el)
	item := *el.Value.(*mediaItem)
	m.mu.Unlock()
	if m.dir == "" {
		return nopSeekCloser{bytes.NewReader(item.data)}, item, true
	}
	// An evicted file removed while it is being served stays readable
	// through the open descriptor.
	f, err := os.Open(filepath.Join(m.dir, key))
	if err != nil {
		m.remove(key)
		return nil, mediaItem{}, false
	}
	return f, item, true
}

// nopSeekCloser adds a no-op Close to a bytes.Reader.
type nopSeekCloser struct{ *bytes.Reader }

func (nopSeekCloser) Close() error { return nil }

// remove drops key from the index.
func (m *mediaStore) remove(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.items[key]; ok {
		m.size -= el.Value.(*mediaItem).size
		m.lru.Remove(el)
		delete(m.items, key)
	}
}

// put stores at most limit bytes of r under key. Bytes over limit fail with
// errMediaTooLarge, bytes of the wrong kind with errMediaType; nothing is
// stored then.
func (m *mediaStore) put(key string, r io.Reader, limit int64) error {
	if !mediaKeyPattern.MatchString(key) {
		return fmt.Errorf("insights: store media: invalid key")
	}
	limited := io.LimitReader(r, limit+1)
	item := &mediaItem{key: key, modTime: time.Now().UTC().Truncate(time.Second)}
	if m.dir == "" {
		data, err := io.ReadAll(limited)
		if err != nil {
			return fmt.Errorf("insights: store media: %w", err)
		}
		if int64(len(data)) > limit {
			return fmt.Errorf("insights: store media: %w", errMediaTooLarge)
		}
		item.data, item.size = data, int64(len(data))
		item.contentType = http.DetectContentType(data)
	} else {
		tmp, err := os.CreateTemp(m.dir, ".tmp-*")
		if err != nil {
			return fmt.Errorf("insights: store media: %w", err)
		}
		n, err := io.Copy(tmp, limited)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil && n > limit {
			err = errMediaTooLarge
		}
		if err == nil {
			item.size = n
			item.contentType, err = sniffFile(tmp.Name())
		}
		if err == nil && !kindMatches(key, item.contentType) {
			err = errMediaType
		}
		if err == nil {
			err = os.Chmod(tmp.Name(), 0o644)
		}
		if err == nil {
			err = os.Rename(tmp.Name(), filepath.Join(m.dir, key))
		}
		if err != nil {
			_ = os.Remove(tmp.Name())
			return fmt.Errorf("insights: store media: %w", err)
		}
	}
	if !kindMatches(key, item.contentType) {
		return fmt.Errorf("insights: store media: %w", errMediaType)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.items[key]; ok {
		m.size -= el.Value.(*mediaItem).size
		m.lru.Remove(el)
	}
	m.items[key] = m.lru.PushFront(item)
	m.size += item.size
	m.evictLocked()
	return nil
}

// evictLocked drops least recently used items until the store fits max.
// The caller holds m.mu.
func (m *mediaStore) evictLocked() {
	for m.size > m.max {
		el := m.lru.Back()
		if el == nil {
			return
		}
		it := el.Value.(*mediaItem)
		m.lru.Remove(el)
		delete(m.items, it.key)
		m.size -= it.size
		if m.dir != "" {
			if err := os.Remove(filepath.Join(m.dir, it.key)); err != nil && !errors.Is(err, os.ErrNotExist) {
				m.logger.Warn("insights: evict media", slog.String("key", it.key), slog.String("error", err.Error()))
			}
		}
	}
}
