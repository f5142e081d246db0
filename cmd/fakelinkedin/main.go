// Command fakelinkedin is a stand-in for LinkedIn's REST API, for load tests
// and benchmarks on a machine without internet: it answers /rest/posts,
// /rest/images/{urn}, /rest/videos/{urn} and the signed downloads they point
// to, in LinkedIn's response shapes. Never used by the site itself.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"log"
	"net"
	"net/http"
	"strings"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9911", "listen address")
	posts := flag.Int("posts", 12, "number of posts in the feed")
	mediaDelay := flag.Duration("media-delay", 0, "wait this long before answering about an image or a video (keeps a request to the site in flight, for drain tests)")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("fakelinkedin: listen: %v", err)
	}
	base := "http://" + ln.Addr().String()
	srv := &http.Server{Handler: newHandler(base, *posts, *mediaDelay), ReadHeaderTimeout: 5 * time.Second}
	log.Printf("fakelinkedin: serving %s", base)
	log.Fatal(srv.Serve(ln))
}

func newHandler(base string, n int, mediaDelay time.Duration) http.Handler {
	feed := feedJSON(n)
	img := placeholderJPEG()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /rest/posts", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(feed)
	})
	media := func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(mediaDelay):
		case <-r.Context().Done():
			return
		}
		urn := r.PathValue("urn")
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id":                   urn,
			"status":               "AVAILABLE",
			"downloadUrl":          base + "/download/" + strings.ReplaceAll(urn, ":", "_") + "?sig=fake",
			"downloadUrlExpiresAt": time.Now().Add(time.Hour).UnixMilli(),
		})
	}
	mux.HandleFunc("GET /rest/images/{urn}", media)
	mux.HandleFunc("GET /rest/videos/{urn}", media)
	mux.HandleFunc("GET /download/{name}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/jpeg")
		_, _ = w.Write(img)
	})
	return mux
}

func feedJSON(n int) []byte {
	elements := make([]map[string]any, 0, n)
	start := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	for i := 0; i < n; i++ {
		created := start.Add(-time.Duration(i) * 72 * time.Hour).UnixMilli()
		elements = append(elements, map[string]any{
			"id":             fmt.Sprintf("urn:li:share:71000000000000%05d", i),
			"author":         "urn:li:organization:1",
			"commentary":     fmt.Sprintf("Load-test post %d about affordable housing in {hashtag|\\#|Amsterdam}.", i),
			"createdAt":      created,
			"publishedAt":    created,
			"lastModifiedAt": created,
			"lifecycleState": "PUBLISHED",
			"visibility":     "PUBLIC",
			"content":        map[string]any{"media": map[string]any{"id": fmt.Sprintf("urn:li:image:C4D22AQLoadTest%04d", i)}},
		})
	}
	b, _ := json.Marshal(map[string]any{"elements": elements, "paging": map[string]any{"start": 0, "count": n}})
	return b
}

func placeholderJPEG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.Set(x, y, color.RGBA{15, 42, uint8(61 + y), 255})
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 70})
	return b.Bytes()
}
