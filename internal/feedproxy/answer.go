package feedproxy

import (
	"compress/gzip"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/accept"
	"github.com/veldhaven/site/internal/byteranges"
	"github.com/veldhaven/site/internal/diskcache"
)

// gzipPrefix keys the gzip variant of the feed's copy.
const gzipPrefix = "gzip "

// serveCopy answers from the copy of t, if there is one: fresh holds the
// headers of the owner's answer just now (200 or 304), nil when the copy
// is served without it.
func (p *Proxy) serveCopy(w http.ResponseWriter, r *http.Request, t target, fresh http.Header) bool {
	gz := false
	c, ok := (*diskcache.Reader)(nil), false
	if _, accepts := accept.Encodings(r.Header.Get("Accept-Encoding")); t.feed && accepts {
		c, ok = p.store.Open(gzipPrefix + t.key)
		gz = ok
	}
	if !ok {
		if c, ok = p.store.Open(t.key); !ok {
			return false
		}
	}
	defer c.Close()
	ct := contentType(t, c.Meta.Attrs["Content-Type"])
	if ct == "" {
		return false
	}
	source := "owner"
	h := w.Header()
	for k, v := range c.Meta.Attrs {
		if slices.Contains(keptHeaders, k) {
			h.Set(k, v)
		}
	}
	h.Set("Content-Type", ct)
	switch {
	case fresh != nil:
		// A 304 says how the owner serves the URL now (stale or not).
		h.Del("X-Feed-Stale")
		for _, k := range []string{"Cache-Control", "X-Feed-Stale"} {
			if v := fresh.Get(k); v != "" {
				h.Set(k, v)
			}
		}
	default:
		source = "copy"
		h.Set("Cache-Control", cacheStale)
		if t.feed {
			h.Set("X-Feed-Stale", "1")
		}
	}
	p.metrics.served.WithLabelValues(source).Inc()
	h.Set(SourceHeader, source)
	var modtime time.Time
	if lm, err := http.ParseTime(h.Get("Last-Modified")); err == nil {
		modtime = lm
		h.Del("Last-Modified") // ServeContent writes it from modtime
	}
	if t.feed {
		h.Set("Vary", "Accept-Encoding")
	}
	if gz {
		h.Set("Content-Encoding", "gzip")
		// The owner does not range over an encoded answer either.
		r.Header.Del("Range")
		if r.Header.Get("If-Match") == "" && r.Header.Get("If-None-Match") == "" {
			h.Set("Content-Length", strconv.FormatInt(c.Meta.Size, 10))
		}
	}
	byteranges.ServeContent(w, r, modtime, c.SectionReader)
	return true
}

// passOn answers the owner's answer (other than 200 and 304) as it came.
func (p *Proxy) passOn(w http.ResponseWriter, res result) {
	label := "owner"
	if ownerFailed(res) {
		label = "failed"
	}
	p.metrics.served.WithLabelValues(label).Inc()
	h := w.Header()
	for k, v := range res.header {
		h[k] = v
	}
	// The owner's answers other than 200 and 304 are its JSON errors.
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Del("Etag")
	h.Del("Last-Modified")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-store")
	}
	h.Set(SourceHeader, "owner")
	h.Set("Content-Length", strconv.Itoa(len(res.body)))
	w.WriteHeader(res.status)
	_, _ = w.Write(res.body)
}

// storeGzip stores the gzip variant of the feed's copy beside it, once per
// new feed, so that no request compresses.
func (p *Proxy) storeGzip(key string) {
	c, ok := p.store.Open(key)
	if !ok {
		return
	}
	defer c.Close()
	header := maps.Clone(c.Meta.Attrs)
	if etag := header["Etag"]; etag != "" {
		header["Etag"] = gzipETag(etag)
	}
	pend, err := p.store.Create(gzipPrefix+key, header, maxItemBytes)
	if err != nil {
		p.logger.Warn("feed proxy: gzip copy", slog.String("error", err.Error()))
		return
	}
	zw, _ := gzip.NewWriterLevel(pend, gzip.BestCompression)
	_, err = io.Copy(zw, c.SectionReader)
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = pend.Commit()
	} else {
		pend.Abort()
	}
	if err != nil {
		p.logger.Warn("feed proxy: gzip copy", slog.String("error", err.Error()))
	}
}

// gzipETag is the ETag of the compressed variant of an entity: another
// entity, so another tag, the same on every replica.
func gzipETag(etag string) string {
	tag, weak := strings.CutPrefix(etag, "W/")
	prefix := ""
	if weak {
		prefix = "W/"
	}
	return prefix + strings.TrimSuffix(tag, `"`) + `-gzip"`
}
