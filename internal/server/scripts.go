package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
)

// declaredScriptsFile is the build's list of the inline scripts each page
// may run (web/scripts/declared-scripts.mjs writes it from what Astro and
// the components declare). A hidden file: never served.
const declaredScriptsFile = ".inline-scripts.json"

// declaredScripts maps an HTML file of the build to the CSP sources
// ("'sha256-…'") of the inline scripts the build declared for it. A page's
// policy allows the inline scripts it contains that are in its list, and no
// other: a script that got into a page any other way (content breaking out
// of its element) is not allowed. Nil when the build has no list: then no
// inline script is allowed anywhere.
type declaredScripts map[string]map[string]bool

// hashSourcePattern is a CSP hash source without quotes.
var hashSourcePattern = regexp.MustCompile(`^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$`)

// loadDeclaredScripts reads the build's list; a build without one yields
// nil, a malformed one an error (start-up stops: a policy is never guessed).
func loadDeclaredScripts(fsys fs.FS) (declaredScripts, error) {
	data, err := fs.ReadFile(fsys, declaredScriptsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", declaredScriptsFile, err)
	}
	var list struct {
		Version int                 `json:"version"`
		Pages   map[string][]string `json:"pages"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf("%s: %w", declaredScriptsFile, err)
	}
	if list.Version != 1 || list.Pages == nil {
		return nil, fmt.Errorf("%s: want version 1 with pages", declaredScriptsFile)
	}
	d := declaredScripts{}
	for page, hashes := range list.Pages {
		set := map[string]bool{}
		for _, h := range hashes {
			if !hashSourcePattern.MatchString(h) {
				return nil, fmt.Errorf("%s: %s: %q is not a hash source", declaredScriptsFile, page, h)
			}
			set["'"+h+"'"] = true
		}
		d[page] = set
	}
	return d, nil
}

// split divides the hashes of f's inline scripts into those the build
// declared for f, which its policy allows, and the others.
func (d declaredScripts) split(f *file) (allowed inlineHashes, undeclared []string) {
	allowed.styles = f.hashes.styles
	for _, h := range f.hashes.scripts {
		if d[f.name][h] {
			allowed.scripts = append(allowed.scripts, h)
		} else {
			undeclared = append(undeclared, h)
		}
	}
	return allowed, undeclared
}
