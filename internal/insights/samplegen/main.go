// Command samplegen writes the placeholder images of the embedded sample
// feed: one JPEG per image URN referenced by internal/insights/sample/posts.json
// and posts-by-urn.json (media, article thumbnails, multi-image posts), named
// by the URN's asset id, and one per video URN: the video's thumbnail. Output is deterministic: the same feed gives
// the same bytes, so regenerating changes nothing unless the feed changed.
//
//	go run ./internal/insights/samplegen [-dir internal/insights/sample]
//
// The pictures are abstract: a dusk sky in the firm's palette over a
// skyline of buildings with lit windows, varied per asset id.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Picture size: 16:9, large enough for a post card at 2x.
const (
	width  = 960
	height = 540
)

// palettes are sky gradients (top, horizon) and a building tone.
var palettes = [][3]color.RGBA{
	{{0x1b, 0x2a, 0x41, 0xff}, {0xc9, 0xa6, 0x6b, 0xff}, {0x14, 0x1e, 0x2e, 0xff}},
	{{0x22, 0x3a, 0x5e, 0xff}, {0xe8, 0xd5, 0xb0, 0xff}, {0x1a, 0x26, 0x38, 0xff}},
	{{0x2f, 0x4f, 0x4f, 0xff}, {0xd8, 0xc3, 0x9a, 0xff}, {0x1f, 0x33, 0x33, 0xff}},
	{{0x3b, 0x2f, 0x4a, 0xff}, {0xe3, 0xb5, 0x8c, 0xff}, {0x26, 0x1f, 0x30, 0xff}},
}

func main() {
	dir := flag.String("dir", "internal/insights/sample", "directory holding posts.json; images go to its media/")
	flag.Parse()
	ids, err := imageIDs(filepath.Join(*dir, "posts.json"))
	if err != nil {
		log.Fatal(err)
	}
	for _, id := range ids {
		path := filepath.Join(*dir, "media", id+".jpg")
		if err := writeJPEG(path, render(id)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(path)
	}
}

// imageIDs returns the asset ids of the image URNs the feed and the
// reposted posts reference, and of their videos (whose thumbnail is a
// JPEG of the same id), in order of first appearance.
func imageIDs(path string) ([]string, error) {
	type post struct {
		Content struct {
			Media struct {
				ID string `json:"id"`
			} `json:"media"`
			Article struct {
				Thumbnail string `json:"thumbnail"`
			} `json:"article"`
			MultiImage struct {
				Images []struct {
					ID string `json:"id"`
				} `json:"images"`
			} `json:"multiImage"`
		} `json:"content"`
	}
	var feed struct {
		Elements []post `json:"elements"`
	}
	var byURN struct {
		Results map[string]post `json:"results"`
	}
	for file, v := range map[string]any{path: &feed, filepath.Join(filepath.Dir(path), "posts-by-urn.json"): &byURN} {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("samplegen: %w", err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			return nil, fmt.Errorf("samplegen: %s: %w", file, err)
		}
	}
	posts := feed.Elements
	keys := make([]string, 0, len(byURN.Results))
	for k := range byURN.Results {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		posts = append(posts, byURN.Results[k])
	}
	seen := map[string]bool{}
	var ids []string
	for _, el := range posts {
		urns := []string{el.Content.Media.ID, el.Content.Article.Thumbnail}
		for _, img := range el.Content.MultiImage.Images {
			urns = append(urns, img.ID)
		}
		for _, urn := range urns {
			id, ok := strings.CutPrefix(urn, "urn:li:image:")
			if !ok {
				id, ok = strings.CutPrefix(urn, "urn:li:video:")
			}
			if ok && !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ids, nil
}

// render draws the picture of one asset id.
func render(id string) *image.RGBA {
	h := fnv.New64a()
	h.Write([]byte(id))
	seed := h.Sum64()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	pal := palettes[seed%uint64(len(palettes))]
	img := image.NewRGBA(image.Rect(0, 0, width, height))

	// Sky: vertical gradient from the top colour to the horizon colour.
	horizon := height * 72 / 100
	for y := 0; y < height; y++ {
		t := float64(y) / float64(horizon)
		if t > 1 {
			t = 1
		}
		c := mix(pal[0], pal[1], t*t)
		for x := 0; x < width; x++ {
			img.SetRGBA(x, y, c)
		}
	}
	// A low sun.
	sunX, sunY, sunR := 180+rng.IntN(600), horizon-40-rng.IntN(60), 34+rng.IntN(20)
	sun := color.RGBA{0xf4, 0xe4, 0xc1, 0xff}
	for y := sunY - sunR; y <= sunY+sunR; y++ {
		for x := sunX - sunR; x <= sunX+sunR; x++ {
			dx, dy := x-sunX, y-sunY
			if dx*dx+dy*dy <= sunR*sunR && y < horizon {
				img.SetRGBA(x, y, mix(img.RGBAAt(x, y), sun, 0.85))
			}
		}
	}
	// Skyline: buildings of varied width and height with lit windows.
	window := color.RGBA{0xf2, 0xd8, 0x9b, 0xff}
	for x := -20; x < width; {
		w := 50 + rng.IntN(90)
		top := horizon - 60 - rng.IntN(220)
		shade := mix(pal[2], pal[0], 0.15*rng.Float64())
		fill(img, x, top, x+w, height, shade)
		for wy := top + 14; wy < height-30; wy += 22 {
			for wx := x + 10; wx+10 < x+w-6; wx += 18 {
				if rng.IntN(10) < 4 {
					fill(img, wx, wy, wx+9, wy+12, mix(shade, window, 0.55+0.4*rng.Float64()))
				}
			}
		}
		x += w + 4 + rng.IntN(12)
	}
	// Quay: a darker band at the bottom with the buildings' reflection.
	for y := height - 46; y < height; y++ {
		for x := 0; x < width; x++ {
			img.SetRGBA(x, y, mix(img.RGBAAt(x, y), pal[2], 0.6))
		}
	}
	return img
}

// fill paints a rectangle, clipped to the image.
func fill(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	r := image.Rect(x0, y0, x1, y1).Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

// mix blends a towards b by t in [0, 1].
func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(p, q uint8) uint8 { return uint8(float64(p) + (float64(q)-float64(p))*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 0xff}
}

// writeJPEG encodes img at a quality that keeps each file small.
func writeJPEG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("samplegen: %w", err)
	}
	if err := jpeg.Encode(f, img, &jpeg.Options{Quality: 72}); err != nil {
		f.Close()
		return fmt.Errorf("samplegen: %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("samplegen: %w", err)
	}
	return nil
}
