package feedproxy

import (
	"container/list"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// A copy file is the body, then its metadata (JSON), then the length of
// the metadata (8 bytes, big-endian) and copyMagic: written in one pass as
// the owner's answer streams in, and a file that does not end so was not
// written (or not finished) by this store and is never served.
const copyMagic = "vfcopy01"

// trailerLen is the length of the fixed end of a copy file.
const trailerLen = 8 + len(copyMagic)

// maxMetaBytes bounds a copy's metadata.
const maxMetaBytes = 16 << 10

// tmpPrefix starts the name of a copy being written. Leftovers of a crash
// are removed at start once older than staleTmp, so that a copy another
// process is writing this instant is never deleted under it.
const (
	tmpPrefix = ".tmp-"
	staleTmp  = 10 * time.Minute
)

// errTooLarge: an answer over the store's bound for one copy.
var errTooLarge = errors.New("answer over the size bound of one copy")

// copyMeta is what a copy keeps besides the body: the key it answers and
// the owner's headers worth repeating (keptHeaders).
type copyMeta struct {
	Key    string            `json:"key"`
	Header map[string]string `json:"header"`
	Size   int64             `json:"size"`
	Stored time.Time         `json:"stored"`
}

// copyEntry is one copy in the index: confirmed is when the owner last
// answered it (200 or 304; the file's modification time on disk), failed
// when the owner last failed on it.
type copyEntry struct {
	meta              copyMeta
	confirmed, failed time.Time
}

// store keeps the last good answer of the owner for each key (a canonical
// path and query) in files under dir, bounded in bytes (bodies) and in
// count; the least recently used go first. Safe for concurrent use.
type store struct {
	dir        string
	maxBytes   int64
	maxEntries int
	logger     *slog.Logger
	now        func() time.Time

	mu    sync.Mutex
	lru   *list.List // of *copyEntry, most recently used first
	index map[string]*list.Element
	bytes int64
}

// newStore opens the store in dir, creating it, and indexes the copies
// already there (a restarted container keeps its emptyDir); files that are
// not well-formed copies of a key valid says it would forward are removed.
func newStore(dir string, maxBytes int64, maxEntries int, valid func(key string) bool, logger *slog.Logger, now func() time.Time) (*store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("feed copies: %w", err)
	}
	s := &store{dir: dir, maxBytes: maxBytes, maxEntries: maxEntries, logger: logger, now: now, lru: list.New(), index: make(map[string]*list.Element)}
	names, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("feed copies: %w", err)
	}
	var loaded []*copyEntry
	for _, d := range names {
		name := d.Name()
		path := filepath.Join(dir, name)
		if strings.HasPrefix(name, tmpPrefix) {
			if info, err := d.Info(); err == nil && now().Sub(info.ModTime()) > staleTmp {
				_ = os.Remove(path)
			}
			continue
		}
		e, err := readEntry(path)
		if err == nil && (!valid(e.meta.Key) || fileName(e.meta.Key) != name) {
			err = errors.New("not a copy of a key this process forwards")
		}
		if err == nil && now().Sub(e.confirmed) > maxCopyAge {
			err = fmt.Errorf("not confirmed by the owner for over %v", maxCopyAge)
		}
		if err != nil {
			logger.Warn("feed copies: removing a file that is not a copy", slog.String("file", name), slog.String("error", err.Error()))
			_ = os.RemoveAll(path)
			continue
		}
		loaded = append(loaded, e)
	}
	// Oldest first, so that the newest end at the front of the LRU.
	slices.SortStableFunc(loaded, func(a, b *copyEntry) int { return a.meta.Stored.Compare(b.meta.Stored) })
	for _, e := range loaded {
		s.index[e.meta.Key] = s.lru.PushFront(e)
		s.bytes += e.meta.Size
	}
	s.mu.Lock()
	s.evictLocked("")
	s.mu.Unlock()
	return s, nil
}

// fileName is the copy file of key: a hash, so that no part of a key (which
// holds a visitor's validated query) ever becomes a path.
func fileName(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16]) + ".copy"
}

// readEntry reads and checks the metadata of a copy file.
func readEntry(path string) (*copyEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readMeta(f)
}

// readMeta reads and checks the metadata at the end of an open copy file.
func readMeta(f *os.File) (*copyEntry, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	size := info.Size()
	if size < int64(trailerLen) {
		return nil, errors.New("no copy trailer")
	}
	var trailer [trailerLen]byte
	if _, err := f.ReadAt(trailer[:], size-int64(trailerLen)); err != nil {
		return nil, fmt.Errorf("copy trailer: %w", err)
	}
	if string(trailer[8:]) != copyMagic {
		return nil, errors.New("no copy trailer")
	}
	n := int64(binary.BigEndian.Uint64(trailer[:8]))
	if n <= 0 || n > maxMetaBytes || n > size-int64(trailerLen) {
		return nil, errors.New("copy metadata of a bad length")
	}
	raw := make([]byte, n)
	if _, err := f.ReadAt(raw, size-int64(trailerLen)-n); err != nil {
		return nil, fmt.Errorf("copy metadata: %w", err)
	}
	var m copyMeta
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("copy metadata: %w", err)
	}
	if m.Size != size-int64(trailerLen)-n {
		return nil, fmt.Errorf("copy of %d bytes in a file of %d", m.Size, size)
	}
	return &copyEntry{meta: m, confirmed: info.ModTime()}, nil
}

// pending is a copy being written: the owner's body goes into it, and
// commit makes it the key's copy.
type pending struct {
	s      *store
	f      *os.File
	key    string
	header map[string]string
	limit  int64
	n      int64
	err    error
}

// create starts a copy of key with the given headers; at most limit bytes
// of body.
func (s *store) create(key string, header map[string]string, limit int64) (*pending, error) {
	if limit > s.maxBytes {
		limit = s.maxBytes
	}
	f, err := os.CreateTemp(s.dir, tmpPrefix+"*")
	if err != nil {
		return nil, fmt.Errorf("feed copies: %w", err)
	}
	return &pending{s: s, f: f, key: key, header: header, limit: limit}, nil
}

// Write appends body bytes; past the limit it fails with errTooLarge.
func (p *pending) Write(b []byte) (int, error) {
	if p.err != nil {
		return 0, p.err
	}
	if p.n+int64(len(b)) > p.limit {
		p.err = errTooLarge
		return 0, p.err
	}
	n, err := p.f.Write(b)
	p.n += int64(n)
	if err != nil {
		p.err = err
	}
	return n, err
}

// abort drops the copy being written.
func (p *pending) abort() {
	_ = p.f.Close()
	_ = os.Remove(p.f.Name())
}

// commit makes the written body the copy of the key, replacing the one
// before, and evicts the least recently used copies over the bounds.
func (p *pending) commit() error {
	if p.err != nil {
		p.abort()
		return p.err
	}
	m := copyMeta{Key: p.key, Header: p.header, Size: p.n, Stored: p.s.now().UTC()}
	raw, err := json.Marshal(m)
	if err == nil && len(raw) > maxMetaBytes {
		err = errors.New("copy metadata too large")
	}
	if err == nil {
		var trailer [trailerLen]byte
		binary.BigEndian.PutUint64(trailer[:8], uint64(len(raw)))
		copy(trailer[8:], copyMagic)
		_, err = p.f.Write(append(raw, trailer[:]...))
	}
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(p.f.Name(), filepath.Join(p.s.dir, fileName(p.key)))
	}
	if err != nil {
		_ = os.Remove(p.f.Name())
		return fmt.Errorf("feed copies: %w", err)
	}
	e := &copyEntry{meta: m, confirmed: p.s.now()}
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.index[p.key]; ok {
		s.bytes -= old.Value.(*copyEntry).meta.Size
		s.lru.Remove(old)
	}
	s.index[p.key] = s.lru.PushFront(e)
	s.bytes += m.Size
	s.evictLocked(p.key)
	return nil
}

// evictLocked removes the least recently used copies until the store is
// within its bounds, never keep (the copy just written).
func (s *store) evictLocked(keep string) {
	for el := s.lru.Back(); el != nil && (s.bytes > s.maxBytes || s.lru.Len() > s.maxEntries); {
		prev := el.Prev()
		e := el.Value.(*copyEntry)
		if e.meta.Key != keep {
			s.removeLocked(e.meta.Key)
		}
		el = prev
	}
}

func (s *store) removeLocked(key string) {
	el, ok := s.index[key]
	if !ok {
		return
	}
	e := el.Value.(*copyEntry)
	s.lru.Remove(el)
	delete(s.index, key)
	s.bytes -= e.meta.Size
	if err := os.Remove(filepath.Join(s.dir, fileName(key))); err != nil && !errors.Is(err, os.ErrNotExist) {
		s.logger.Warn("feed copies: remove", slog.String("error", err.Error()))
	}
}

// remove drops the copy of key, if any.
func (s *store) remove(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.removeLocked(key)
}

// openCopy is an open copy: its headers and a reader of its body.
type openCopy struct {
	meta copyMeta
	body *io.SectionReader
	f    *os.File
}

func (c *openCopy) Close() error { return c.f.Close() }

// open opens the copy of key and marks it used; ok is false when there is
// none (or it went between the index and the file). A copy the owner has
// not confirmed for maxCopyAge is removed instead. The metadata is read
// from the open file, so a copy replaced meanwhile is served whole, the
// old or the new.
func (s *store) open(key string) (*openCopy, bool) {
	s.mu.Lock()
	el, ok := s.index[key]
	if ok && s.now().Sub(el.Value.(*copyEntry).confirmed) > maxCopyAge {
		s.removeLocked(key)
		ok = false
	}
	if ok {
		s.lru.MoveToFront(el)
	}
	s.mu.Unlock()
	if !ok {
		return nil, false
	}
	f, err := os.Open(filepath.Join(s.dir, fileName(key)))
	if err != nil {
		return nil, false
	}
	e, err := readMeta(f)
	if err != nil || e.meta.Key != key {
		_ = f.Close()
		return nil, false
	}
	return &openCopy{meta: e.meta, body: io.NewSectionReader(f, 0, e.meta.Size), f: f}, true
}

// entry runs f on the index entry of key, if any, under the lock; ok is
// whether there was one. It does not mark the copy used.
func (s *store) entry(key string, f func(e *copyEntry)) (ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.index[key]
	if ok && f != nil {
		f(el.Value.(*copyEntry))
	}
	return ok
}

// has reports whether there is a copy of key.
func (s *store) has(key string) bool { return s.entry(key, nil) }

// confirm records that the owner has just confirmed the copy of key (304);
// the file's modification time keeps it across a restart.
func (s *store) confirm(key string) {
	s.entry(key, func(e *copyEntry) {
		e.confirmed, e.failed = s.now(), time.Time{}
		_ = os.Chtimes(filepath.Join(s.dir, fileName(key)), e.confirmed, e.confirmed)
	})
}

// markFailed records that the owner has just failed on key: remembered
// with its copy only, so bounded as the copies are.
func (s *store) markFailed(key string) {
	s.entry(key, func(e *copyEntry) { e.failed = s.now() })
}

// failedWithin reports whether the owner failed on key within d.
func (s *store) failedWithin(key string, d time.Duration) (failed bool) {
	s.entry(key, func(e *copyEntry) { failed = !e.failed.IsZero() && s.now().Sub(e.failed) < d })
	return failed
}

// etag is the ETag the copy of key was stored with, "" without one.
func (s *store) etag(key string) (etag string) {
	s.entry(key, func(e *copyEntry) { etag = e.meta.Header["Etag"] })
	return etag
}

// stats are the number of copies and the bytes of their bodies.
func (s *store) stats() (n int, bytes int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lru.Len(), s.bytes
}
