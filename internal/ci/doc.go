// Package ci holds what the repository's workflows (.github/workflows) run
// besides make targets, so that every step of a workflow is code that is
// tested here, where no runner of the code host can be reached:
//
//   - Status posts a commit status: the preview's address, which the editor's
//     "View preview" link opens, and the production deploy's outcome.
//   - Smoke checks a deployed site: /readyz answers 200 and the build it
//     reports (X-Build-Id) is the commit that was released.
//   - CheckSite is the fast check staff wait for: every page of the build
//     answers 200 from bin/site, and so does every internal link and asset on
//     it.
//   - LiveCheck, LatestRelease and Reconcile are the daily live site check:
//     what a visitor would meet and the latest release, one issue per kind of
//     problem, opened, kept up to date and closed.
//
// cmd/ci is the command the workflows call. The package's tests also hold the
// workflows to their rules (workflows_test.go).
package ci
