package insights

import (
	"bytes"
	"container/list"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
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
//
// On disk it serves only files it wrote itself: each is recorded in a
// manifest (manifestFile: key, size, SHA-256, content type) written
// atomically with every change. At start the manifest's entries are checked
// against the files (size and hash); a file the manifest does not name, or
// one that no longer matches it, is never served, and open refuses a file
// replaced since it was checked (another inode). Its temporary files carry a
// token of this process, and only those are ever cleaned: files of another
// writer in the folder are left alone.
type mediaStore struct {
	dir    string
	max    int64
	logger *slog.Logger
	// token names this process's temporary files (.tmp-<token>-*).
	token string

	mu    sync.Mutex
	lru   *list.List // of *mediaItem, most recent first
	items map[string]*list.Element
	size  int64
}

// manifestFile lists the files the store wrote, inside its dir.
const manifestFile = "manifest.json"

// manifestVersion is the format version of manifestFile.
const manifestVersion = 1

// manifest is the on-disk form of the store's index.
type manifest struct {
	Version int                      `json:"version"`
	Items   map[string]manifestEntry `json:"items"`
}

// manifestEntry is one file the store wrote.
type manifestEntry struct {
	Size        int64     `json:"size"`
	SHA256      string    `json:"sha256"`
	ContentType string    `json:"contentType"`
	ModTime     time.Time `json:"modTime"`
}

// mediaItem is one cached image or video.
type mediaItem struct {
	key         string
	size        int64
	contentType string
	modTime     time.Time
	sha256      string
	data        []byte      // memory store only
	file        os.FileInfo // disk store: the file as checked or written
}

// newMediaStore opens a store. With a dir it loads the manifest and keeps
// the entries whose files still match it (oldest evicted first).
func newMediaStore(dir string, max int64, logger *slog.Logger) (*mediaStore, error) {
	var tok [8]byte
	_, _ = rand.Read(tok[:])
	m := &mediaStore{dir: dir, max: max, logger: logger, token: hex.EncodeToString(tok[:]), lru: list.New(), items: make(map[string]*list.Element)}
	if dir == "" {
		return m, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("insights: media cache: %w", err)
	}
	man, err := readManifest(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		logger.Warn("insights: media manifest unreadable; serving none of the files in the media folder", slog.String("error", err.Error()))
	}
	var found []*mediaItem
	dropped := 0
	for key, e := range man.Items {
		it, err := checkManifestEntry(dir, key, e)
		if err != nil {
			dropped++
			logger.Warn("insights: media file does not match the manifest; not served", slog.String("key", sanitizeLog(key)), slog.String("error", err.Error()))
			continue
		}
		found = append(found, it)
	}
	sort.Slice(found, func(i, j int) bool { return found[i].modTime.After(found[j].modTime) })
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, it := range found {
		m.items[it.key] = m.lru.PushBack(it)
		m.size += it.size
	}
	m.evictLocked()
	if dropped > 0 || len(m.items) != len(man.Items) {
		m.saveLocked()
	}
	return m, nil
}

// readManifest loads dir/manifestFile.
func readManifest(dir string) (manifest, error) {
	data, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if err != nil {
		return manifest{}, fmt.Errorf("insights: media manifest: %w", err)
	}
	var man manifest
	if err := json.Unmarshal(data, &man); err != nil {
		return manifest{}, fmt.Errorf("insights: media manifest: %w", err)
	}
	if man.Version != manifestVersion {
		return manifest{}, fmt.Errorf("insights: media manifest: unknown version %d", man.Version)
	}
	return man, nil
}

// checkManifestEntry checks that dir/key is the file the manifest says the
// store wrote: a regular file of its size, hash and kind.
func checkManifestEntry(dir, key string, e manifestEntry) (*mediaItem, error) {
	if !mediaKeyPattern.MatchString(key) {
		return nil, errors.New("not a media key")
	}
	if !kindMatches(key, e.ContentType) {
		return nil, errMediaType
	}
	f, err := os.Open(filepath.Join(dir, key))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() || info.Size() != e.Size {
		return nil, fmt.Errorf("size %d, manifest %d", info.Size(), e.Size)
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, err
	}
	if sum := hex.EncodeToString(h.Sum(nil)); sum != e.SHA256 {
		return nil, errors.New("content differs from the manifest")
	}
	return &mediaItem{key: key, size: e.Size, contentType: e.ContentType, modTime: e.ModTime, sha256: e.SHA256, file: info}, nil
}

// saveLocked writes the manifest of the items held. The caller holds m.mu.
func (m *mediaStore) saveLocked() {
	if m.dir == "" {
		return
	}
	man := manifest{Version: manifestVersion, Items: make(map[string]manifestEntry, len(m.items))}
	for key, el := range m.items {
		it := el.Value.(*mediaItem)
		man.Items[key] = manifestEntry{Size: it.size, SHA256: it.sha256, ContentType: it.contentType, ModTime: it.modTime}
	}
	data, err := json.Marshal(man)
	if err == nil {
		err = writeFileAtomic(m.dir, manifestFile, data)
	}
	if err != nil {
		m.logger.Warn("insights: media manifest not written", slog.String("error", err.Error()))
	}
}

// close removes this process's temporary files, if any were left.
func (m *mediaStore) close() {
	if m.dir == "" {
		return
	}
	names, _ := filepath.Glob(filepath.Join(m.dir, ".tmp-"+m.token+"-*"))
	for _, name := range names {
		_ = os.Remove(name)
	}
}

// retain drops every item whose key keep does not hold, files included,
// and returns how many went.
func (m *mediaStore) retain(keep map[string]bool) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for key, el := range m.items {
		if keep[key] {
			continue
		}
		m.dropLocked(el)
		n++
	}
	if n > 0 {
		m.saveLocked()
	}
	return n
}

// dropLocked removes an item from the index and its file. The caller holds
// m.mu.
func (m *mediaStore) dropLocked(el *list.Element) {
	it := el.Value.(*mediaItem)
	m.lru.Remove(el)
	delete(m.items, it.key)
	m.size -= it.size
	if m.dir != "" {
		if err := os.Remove(filepath.Join(m.dir, it.key)); err != nil && !errors.Is(err, os.ErrNotExist) {
			m.logger.Warn("insights: remove media", slog.String("key", it.key), slog.String("error", err.Error()))
		}
	}
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
	// through the open descriptor. A file replaced since the store wrote or
	// checked it (another inode, size or time) is not served.
	f, err := os.Open(filepath.Join(m.dir, key))
	if err != nil {
		m.remove(key)
		return nil, mediaItem{}, false
	}
	info, err := f.Stat()
	if err != nil || item.file == nil || !os.SameFile(info, item.file) || info.Size() != item.size || !info.ModTime().Equal(item.file.ModTime()) {
		_ = f.Close()
		m.logger.Warn("insights: media file changed behind the store; not served", slog.String("key", key))
		m.remove(key)
		return nil, mediaItem{}, false
	}
	return f, item, true
}

// nopSeekCloser adds a no-op Close to a bytes.Reader.
type nopSeekCloser struct{ *bytes.Reader }

func (nopSeekCloser) Close() error { return nil }

// remove drops key from the index and the manifest. The file is left: it
// may not be the store's any more.
func (m *mediaStore) remove(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.items[key]; ok {
		m.size -= el.Value.(*mediaItem).size
		m.lru.Remove(el)
		delete(m.items, key)
		m.saveLocked()
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
		tmp, err := os.CreateTemp(m.dir, ".tmp-"+m.token+"-*")
		if err != nil {
			return fmt.Errorf("insights: store media: %w", err)
		}
		h := sha256.New()
		n, err := io.Copy(io.MultiWriter(tmp, h), limited)
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
		if err == nil {
			item.file, err = os.Stat(filepath.Join(m.dir, key))
		}
		if err != nil {
			_ = os.Remove(tmp.Name())
			return fmt.Errorf("insights: store media: %w", err)
		}
		item.sha256 = hex.EncodeToString(h.Sum(nil))
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
	m.saveLocked()
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
		m.dropLocked(el)
	}
}
