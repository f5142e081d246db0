package ci

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
)

// The previews' leftovers: a pull request's Helm release is removed by the
// preview workflow's teardown when it closes, but a teardown that failed (a
// cluster that did not answer, a cancelled run) leaves it running, and the
// images pushed for it stay in the registry. The sweeper (sweep-previews.yml)
// asks GitHub which pull requests are open and removes the rest: releases
// through scripts/deploy.sh sweep-previews, images here.

// OpenPulls lists the numbers of repo's open pull requests, every page.
func OpenPulls(ctx context.Context, g GitHub, repo string) ([]int, error) {
	if !repoRe.MatchString(repo) {
		return nil, fmt.Errorf("open pull requests: repository %q: want owner/name", repo)
	}
	var out []int
	for page := "/repos/" + repo + "/pulls?state=open&per_page=100"; page != ""; {
		var pulls []struct {
			Number int `json:"number"`
		}
		next, err := g.call(ctx, http.MethodGet, page, &pulls)
		if err != nil {
			return nil, fmt.Errorf("open pull requests: %w", err)
		}
		for _, p := range pulls {
			out = append(out, p.Number)
		}
		page = next
	}
	sort.Ints(out)
	return out, nil
}

// PackageVersion is one version of a container package as GitHub lists it.
type PackageVersion struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Metadata struct {
		Container struct {
			Tags []string `json:"tags"`
		} `json:"container"`
	} `json:"metadata"`
}

var previewTag = regexp.MustCompile(`^pr-([1-9][0-9]{0,8})-`)

// StalePreviewVersions picks the versions to delete: tagged for pull
// requests (pr-<number>-<commit>, preview.yml) none of which is open.
// Untagged versions (the platform images and attestations under a tagged
// index) and versions with any other tag are kept: deleting those could
// break an image still in use.
func StalePreviewVersions(versions []PackageVersion, open []int) []PackageVersion {
	isOpen := map[int]bool{}
	for _, n := range open {
		isOpen[n] = true
	}
	var stale []PackageVersion
	for _, v := range versions {
		tags := v.Metadata.Container.Tags
		keep := len(tags) == 0
		for _, tag := range tags {
			m := previewTag.FindStringSubmatch(tag)
			if m == nil {
				keep = true
				break
			}
			n, _ := strconv.Atoi(m[1])
			if isOpen[n] {
				keep = true
				break
			}
		}
		if !keep {
			stale = append(stale, v)
		}
	}
	return stale
}

// SweepPreviewImages deletes the versions of the container package pkg
// (e.g. "site/preview" for ghcr.io/veldhaven/site/preview) of owner that
// belong to no open pull request, and returns the tags it deleted. A package
// that does not exist yet (no preview was ever pushed) has nothing to sweep.
func SweepPreviewImages(ctx context.Context, g GitHub, owner, pkg string, open []int) ([]string, error) {
	var who struct {
		Type string `json:"type"`
	}
	if _, err := g.call(ctx, http.MethodGet, "/users/"+url.PathEscape(owner), &who); err != nil {
		return nil, fmt.Errorf("sweep images: owner %s: %w", owner, err)
	}
	base := "/users/" + url.PathEscape(owner)
	if who.Type == "Organization" {
		base = "/orgs/" + url.PathEscape(owner)
	}
	base += "/packages/container/" + url.PathEscape(pkg) + "/versions"
	var versions []PackageVersion
	for page := base + "?per_page=100"; page != ""; {
		var list []PackageVersion
		next, err := g.call(ctx, http.MethodGet, page, &list)
		if errors.Is(err, errNotFound) && len(versions) == 0 {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("sweep images: %w", err)
		}
		versions = append(versions, list...)
		page = next
	}
	var deleted []string
	for _, v := range StalePreviewVersions(versions, open) {
		if _, err := g.call(ctx, http.MethodDelete, base+"/"+strconv.FormatInt(v.ID, 10), nil); err != nil && !errors.Is(err, errNotFound) {
			return deleted, fmt.Errorf("sweep images: %w", err)
		}
		deleted = append(deleted, v.Metadata.Container.Tags...)
	}
	return deleted, nil
}
