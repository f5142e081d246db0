// Package server answers HTTP for the prerendered site, taken as an fs.FS:
// pages, assets and their precompressed variants, the 404 page, caching and
// security headers, health, metrics, the sitemap and robots.txt.
package server
