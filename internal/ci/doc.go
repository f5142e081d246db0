// Package ci holds what the workflows (.github/workflows) run besides make
// targets, so that every step is code tested here: commit statuses, the smoke
// test of a deploy, the site check of a build, and the daily live site check
// that opens one issue per kind of problem. Its tests also hold the workflows
// to their rules (workflows_test.go).
package ci
