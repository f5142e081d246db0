// Package server answers HTTP for the prerendered site: it resolves paths to
// pages and assets of the build, answers unknown paths with the 404 page,
// negotiates the precompressed variants, sets caching and security headers,
// and serves health, metrics, the sitemap and robots.txt. It takes the site as
// an fs.FS, so its tests need no frontend build.
package server
