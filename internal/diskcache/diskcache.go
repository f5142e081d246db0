// Package diskcache is the one on-disk cache format of the site: the feed
// owner's media (internal/insights) and a web replica's last good copies
// of the owner's answers (internal/feedproxy) are both kept in it.
//
// An entry is one file, named by a hash of its key (no part of a key, which
// may hold a visitor's validated query, ever becomes a path): the body,
// then its metadata (JSON: key, attributes, size, SHA-256, time stored),
// then the metadata's length (8 bytes, big-endian) and a magic string. It
// is written in one pass as the body streams in, to a temporary file that
// is synced and renamed into place, so a crash leaves the old entry or the
// new one, never a torn one. At start every file is checked (trailer, name,
// size, hash, age, and what the owner of the cache accepts); a file that
// fails is removed, as are temporary files older than staleTemp (a crash's
// leftovers; younger ones may be another writer's, this instant). An entry
// is served only from the file the cache wrote or checked: a file replaced
// behind it (another inode, size or time) is not.
//
// The entries are bounded in bytes and in count, the least recently used
// go first, and an entry not confirmed (written or Confirm'ed) for MaxAge
// is dropped. With no Dir the cache holds its entries in memory.
package diskcache

import (
	"bytes"
	"container/list"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

const (
	magic      = "vdcache1"
	trailerLen = 8 + len(magic)
	maxMeta    = 16 << 10
	tempPrefix = ".tmp-"
	// staleTemp is the age past which a temporary file is a crash's
	// leftover: no entry takes that long to write.
	staleTemp = 10 * time.Minute
)

// ErrTooLarge: a body over the limit of one entry.
var ErrTooLarge = errors.New("diskcache: over the size bound of one entry")

// Config configures a Cache.
type Config struct {
	// Dir holds the entries (created if needed), one process's only;
	// empty: in memory.
	Dir string
	// MaxBytes bounds the bodies of all entries, MaxEntries their count
	// (0: no bound), MaxAge the time since an entry was last confirmed
	// (0: none).
	MaxBytes   int64
	MaxEntries int
	MaxAge     time.Duration
	// Valid says whether an entry found at start is one the cache's owner
	// still wants; nil: every well-formed one.
	Valid func(Meta) bool
	// Logger gets a line per file removed at start; nil discards.
	Logger *slog.Logger
	// Now is the clock; nil: time.Now.
	Now func() time.Time
}

// Meta describes an entry.
type Meta struct {
	Key    string            `json:"key"`
	Attrs  map[string]string `json:"attrs,omitempty"`
	Size   int64             `json:"size"`
	SHA256 string            `json:"sha256"`
	Stored time.Time         `json:"stored"`
}

// entry is one entry in the index: confirmed is when it was last written
// or confirmed (on disk, the file's modification time), file the file as
// written or checked (nil in memory, data then holds the body).
type entry struct {
	meta      Meta
	confirmed time.Time
	file      os.FileInfo
	data      []byte
}

// Cache is a bounded cache of bodies by key. Safe for concurrent use.
type Cache struct {
	cfg   Config
	token string // names this process's temporary files

	mu    sync.Mutex
	lru   *list.List // of *entry, most recently used first
	index map[string]*list.Element
	bytes int64
}

// Open opens the cache, creating Dir, and indexes the entries already in it.
func Open(cfg Config) (*Cache, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxEntries <= 0 {
		cfg.MaxEntries = int(^uint(0) >> 1)
	}
	var tok [8]byte
	_, _ = rand.Read(tok[:])
	c := &Cache{cfg: cfg, token: hex.EncodeToString(tok[:]), lru: list.New(), index: map[string]*list.Element{}}
	if cfg.Dir == "" {
		return c, nil
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("diskcache: %w", err)
	}
	files, err := os.ReadDir(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("diskcache: %w", err)
	}
	var found []*entry
	for _, d := range files {
		path := filepath.Join(cfg.Dir, d.Name())
		if strings.HasPrefix(d.Name(), tempPrefix) {
			if info, err := d.Info(); err == nil && cfg.Now().Sub(info.ModTime()) > staleTemp {
				_ = os.Remove(path)
			}
			continue
		}
		e, err := c.check(path)
		if err != nil {
			cfg.Logger.Warn("diskcache: removing a file that is not an entry", slog.String("file", path), slog.String("error", err.Error()))
			_ = os.RemoveAll(path)
			continue
		}
		found = append(found, e)
	}
	// Oldest first, so that the newest end at the front.
	slices.SortStableFunc(found, func(a, b *entry) int { return a.meta.Stored.Compare(b.meta.Stored) })
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range found {
		c.index[e.meta.Key] = c.lru.PushFront(e)
		c.bytes += e.meta.Size
	}
	c.evictLocked("")
	return c, nil
}

// FileName is the file of key's entry.
func FileName(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16]) + ".entry"
}

// check reads the file at path as an entry: a regular file whose trailer,
// metadata, name, size, hash and age hold, that the owner accepts.
func (c *Cache) check(path string) (*entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := info.Size()
	if !info.Mode().IsRegular() || size < int64(trailerLen) {
		return nil, errors.New("no entry trailer")
	}
	var trailer [trailerLen]byte
	if _, err := f.ReadAt(trailer[:], size-int64(trailerLen)); err != nil || string(trailer[8:]) != magic {
		return nil, errors.New("no entry trailer")
	}
	n := int64(binary.BigEndian.Uint64(trailer[:8]))
	if n <= 0 || n > maxMeta || n > size-int64(trailerLen) {
		return nil, errors.New("entry metadata of a bad length")
	}
	raw := make([]byte, n)
	var m Meta
	if _, err := f.ReadAt(raw, size-int64(trailerLen)-n); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("entry metadata: %w", err)
	}
	switch {
	case m.Size != size-int64(trailerLen)-n:
		return nil, fmt.Errorf("a body of %d bytes in a file of %d", m.Size, size)
	case FileName(m.Key) != filepath.Base(path):
		return nil, errors.New("not the file of its key")
	case c.cfg.MaxAge > 0 && c.cfg.Now().Sub(info.ModTime()) > c.cfg.MaxAge:
		return nil, fmt.Errorf("not confirmed for over %v", c.cfg.MaxAge)
	case c.cfg.Valid != nil && !c.cfg.Valid(m):
		return nil, errors.New("not an entry the cache's owner keeps")
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, m.Size)); err != nil {
		return nil, err
	}
	if hex.EncodeToString(h.Sum(nil)) != m.SHA256 {
		return nil, errors.New("body differs from its hash")
	}
	return &entry{meta: m, confirmed: info.ModTime(), file: info}, nil
}

// Writer is an entry being written: the body goes into it, and Commit
// makes it key's entry.
type Writer struct {
	c     *Cache
	meta  Meta
	f     *os.File      // on disk
	buf   *bytes.Buffer // in memory
	hash  hash.Hash
	limit int64
	err   error
}

// Create starts an entry of key with attrs; at most limit bytes of body
// (and at most MaxBytes).
func (c *Cache) Create(key string, attrs map[string]string, limit int64) (*Writer, error) {
	w := &Writer{c: c, meta: Meta{Key: key, Attrs: attrs}, hash: sha256.New(), limit: min(limit, c.cfg.MaxBytes)}
	if c.cfg.Dir == "" {
		w.buf = &bytes.Buffer{}
		return w, nil
	}
	f, err := os.CreateTemp(c.cfg.Dir, tempPrefix+c.token+"-*")
	if err != nil {
		return nil, fmt.Errorf("diskcache: %w", err)
	}
	w.f = f
	return w, nil
}

// Write appends body bytes; past the limit it fails with ErrTooLarge.
func (w *Writer) Write(b []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	if w.meta.Size+int64(len(b)) > w.limit {
		w.err = ErrTooLarge
		return 0, w.err
	}
	var n int
	if w.buf != nil {
		n, w.err = w.buf.Write(b)
	} else {
		n, w.err = w.f.Write(b)
	}
	w.hash.Write(b[:n])
	w.meta.Size += int64(n)
	return n, w.err
}

// Size is the body's bytes written so far.
func (w *Writer) Size() int64 { return w.meta.Size }

// Abort drops the entry being written.
func (w *Writer) Abort() {
	if w.f != nil {
		_ = w.f.Close()
		_ = os.Remove(w.f.Name())
	}
}

// Commit makes the written body key's entry, replacing the one before,
// and evicts the least recently used entries over the bounds.
func (w *Writer) Commit() error {
	if w.err != nil {
		w.Abort()
		return w.err
	}
	c := w.c
	w.meta.SHA256 = hex.EncodeToString(w.hash.Sum(nil))
	w.meta.Stored = c.cfg.Now().UTC()
	e := &entry{meta: w.meta, confirmed: c.cfg.Now()}
	if w.buf != nil {
		e.data = w.buf.Bytes()
		c.mu.Lock()
		defer c.mu.Unlock()
		c.putLocked(e)
		return nil
	}
	raw, err := json.Marshal(w.meta)
	if err == nil && len(raw) > maxMeta {
		err = errors.New("entry metadata too large")
	}
	if err == nil {
		raw = binary.BigEndian.AppendUint64(raw, uint64(len(raw)))
		_, err = w.f.Write(append(raw, magic...))
	}
	if err == nil {
		err = w.f.Sync()
	}
	if err == nil {
		err = w.f.Chmod(0o644)
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// Renamed under the lock: the index and the folder agree whenever the
	// lock is free.
	path := filepath.Join(c.cfg.Dir, FileName(w.meta.Key))
	if err == nil {
		err = os.Rename(w.f.Name(), path)
	}
	if err == nil {
		e.file, err = os.Stat(path)
	}
	if err != nil {
		_ = os.Remove(w.f.Name())
		return fmt.Errorf("diskcache: %w", err)
	}
	c.putLocked(e)
	return nil
}

func (c *Cache) putLocked(e *entry) {
	if old, ok := c.index[e.meta.Key]; ok {
		c.bytes -= old.Value.(*entry).meta.Size
		c.lru.Remove(old)
	}
	c.index[e.meta.Key] = c.lru.PushFront(e)
	c.bytes += e.meta.Size
	c.evictLocked(e.meta.Key)
}

// evictLocked removes the least recently used entries until the cache is
// within its bounds, never keep (the entry just written).
func (c *Cache) evictLocked(keep string) {
	for el := c.lru.Back(); el != nil && (c.bytes > c.cfg.MaxBytes || c.lru.Len() > c.cfg.MaxEntries); {
		prev := el.Prev()
		if k := el.Value.(*entry).meta.Key; k != keep {
			c.removeLocked(k)
		}
		el = prev
	}
}

func (c *Cache) removeLocked(key string) {
	el, ok := c.index[key]
	if !ok {
		return
	}
	c.lru.Remove(el)
	delete(c.index, key)
	c.bytes -= el.Value.(*entry).meta.Size
	if c.cfg.Dir != "" {
		if err := os.Remove(filepath.Join(c.cfg.Dir, FileName(key))); err != nil && !errors.Is(err, os.ErrNotExist) {
			c.cfg.Logger.Warn("diskcache: remove", slog.String("error", err.Error()))
		}
	}
}

// Remove drops key's entry, if any.
func (c *Cache) Remove(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.removeLocked(key)
}

// Retain drops every entry whose key keep refuses, and says how many went.
func (c *Cache) Retain(keep func(key string) bool) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for key := range c.index {
		if !keep(key) {
			c.removeLocked(key)
			n++
		}
	}
	return n
}

// Reader is an open entry: its metadata and its body.
type Reader struct {
	Meta Meta
	*io.SectionReader
	f *os.File
}

// Close closes the entry's file.
func (r *Reader) Close() error {
	if r.f == nil {
		return nil
	}
	return r.f.Close()
}

// Open opens key's entry and marks it used; ok is false when there is
// none. An entry past MaxAge is removed instead, and one whose file was
// replaced behind the cache is dropped from the index. An entry replaced
// or evicted while it is read stays readable whole.
func (c *Cache) Open(key string) (r *Reader, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.index[key]
	if !ok {
		return nil, false
	}
	e := el.Value.(*entry)
	if c.cfg.MaxAge > 0 && c.cfg.Now().Sub(e.confirmed) > c.cfg.MaxAge {
		c.removeLocked(key)
		return nil, false
	}
	if c.cfg.Dir == "" {
		c.lru.MoveToFront(el)
		return &Reader{Meta: e.meta, SectionReader: io.NewSectionReader(bytes.NewReader(e.data), 0, e.meta.Size)}, true
	}
	f, err := os.Open(filepath.Join(c.cfg.Dir, FileName(key)))
	var info os.FileInfo
	if err == nil {
		info, err = f.Stat()
	}
	if err != nil || !os.SameFile(info, e.file) || info.Size() != e.file.Size() || !info.ModTime().Equal(e.file.ModTime()) {
		if f != nil {
			_ = f.Close()
		}
		c.cfg.Logger.Warn("diskcache: a file changed behind the cache; not served", slog.String("file", FileName(key)))
		c.lru.Remove(el)
		delete(c.index, key)
		c.bytes -= e.meta.Size
		return nil, false
	}
	c.lru.MoveToFront(el)
	return &Reader{Meta: e.meta, SectionReader: io.NewSectionReader(f, 0, e.meta.Size), f: f}, true
}

// Lookup is key's metadata, without marking it used.
func (c *Cache) Lookup(key string) (Meta, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.index[key]; ok {
		return el.Value.(*entry).meta, true
	}
	return Meta{}, false
}

// Has reports whether there is an entry of key.
func (c *Cache) Has(key string) bool {
	_, ok := c.Lookup(key)
	return ok
}

// Confirm records that key's entry is still good now (its source said
// so); the file's modification time keeps that across a restart.
func (c *Cache) Confirm(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.index[key]
	if !ok {
		return
	}
	e := el.Value.(*entry)
	e.confirmed = c.cfg.Now()
	if e.file == nil {
		return
	}
	path := filepath.Join(c.cfg.Dir, FileName(key))
	if err := os.Chtimes(path, e.confirmed, e.confirmed); err == nil {
		if info, err := os.Stat(path); err == nil && os.SameFile(info, e.file) {
			e.file = info
		}
	}
}

// Stats are the number of entries and the bytes of their bodies.
func (c *Cache) Stats() (n int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len(), c.bytes
}

// Close removes this process's temporary files, if any were left.
func (c *Cache) Close() {
	if c.cfg.Dir == "" {
		return
	}
	names, _ := filepath.Glob(filepath.Join(c.cfg.Dir, tempPrefix+c.token+"-*"))
	for _, name := range names {
		_ = os.Remove(name)
	}
}
