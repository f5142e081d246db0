// Package web holds the prerendered site, embedded into the binary at build
// time. Only cmd/site imports it; everything else takes an fs.FS.
package web

import (
	"embed"
	"fmt"
	"io/fs"
)

// The all: prefix keeps files whose names start with _ or . (Go leaves them out otherwise).
//
//go:embed all:dist
var build embed.FS

// Site returns the build output (web/dist) as a file system.
func Site() (fs.FS, error) {
	site, err := fs.Sub(build, "dist")
	if err != nil {
		return nil, fmt.Errorf("web: open embedded build: %w", err)
	}
	return site, nil
}
