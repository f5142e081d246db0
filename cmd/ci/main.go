// Command ci is what the workflows run besides make targets, with GitHub's
// settings from the runner's environment (GITHUB_TOKEN, GITHUB_REPOSITORY, ...):
//
//	ci sitecheck [-site bin/site] [-dist web/dist]   every page, link and asset of the build answers 200, then the smoke test
//	ci smoke -url <origin> -build-id <commit>        the deployed site is ready and serves that build
//	ci status -context preview|production -state <state> [-target-url <url>] [-sha <commit>]
//	ci context preview|production                    print a status context (the preview's is the editor's)
//	ci changed                                       platform= and code=true|false: what the checks must run
//	ci open-prs                                      open=<numbers of the open pull requests>
//	ci report -title <title>                         open or comment on the weekly check's issue
//	ci monitor -url <origin> [-days 14] [-keep-enabled a.yml,b.yml]
//	    check the live site and the latest release; one issue per kind of problem
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/veldhaven/site/internal/ci"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "ci:", err)
		os.Exit(1)
	}
}

const usage = "usage: ci sitecheck|smoke|status|context|changed|open-prs|report|monitor [flags] (see go doc ./cmd/ci)"

func run(ctx context.Context, args []string, getenv func(string) string) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	switch args[0] {
	case "sitecheck":
		return siteCheck(ctx, args[1:])
	case "smoke":
		return smoke(ctx, args[1:])
	case "status":
		return status(ctx, args[1:], getenv)
	case "changed":
		return changed(ctx, getenv)
	case "open-prs":
		return openPRs(ctx, getenv)
	case "report":
		return report(ctx, args[1:], getenv)
	case "monitor":
		return monitor(ctx, args[1:], getenv, time.Now())
	case "context":
		if len(args) != 2 {
			return errors.New("usage: ci context preview|production")
		}
		c, err := contextFor(args[1])
		if err != nil {
			return err
		}
		fmt.Println(c)
		return nil
	}
	return fmt.Errorf("unknown command %q; %s", args[0], usage)
}

func contextFor(name string) (string, error) {
	c, ok := ci.Contexts[name]
	if !ok {
		return "", fmt.Errorf("status context %q: want one of %s", name, strings.Join(slices.Sorted(maps.Keys(ci.Contexts)), ", "))
	}
	return c, nil
}

func siteCheck(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("sitecheck", flag.ContinueOnError)
	bin := fs.String("site", "bin/site", "the binary to check")
	dist := fs.String("dist", "web/dist", "the build it embeds (lists the pages)")
	workers := fs.Int("workers", 4, "requests in flight")
	if err := fs.Parse(args); err != nil {
		return err
	}
	start := time.Now()
	pages, err := ci.BuildPages(os.DirFS(*dist))
	if err != nil {
		return err
	}
	dataDir, err := os.MkdirTemp("", "sitecheck-")
	if err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	defer os.RemoveAll(dataDir)
	srv, err := ci.StartSite(ctx, *bin, dataDir, 30*time.Second)
	if err != nil {
		return err
	}
	client := &http.Client{Timeout: 30 * time.Second}
	report, checkErr := ci.CheckSite(ctx, client, srv.URL, pages, *workers)
	if checkErr == nil {
		checkErr = smokeLocal(ctx, client, srv.URL)
	}
	if err := srv.Stop(); err != nil && checkErr == nil {
		checkErr = fmt.Errorf("stop %s: %w", *bin, err)
	}
	if checkErr != nil {
		return checkErr
	}
	for _, p := range report.Problems {
		fmt.Println("broken:", p)
	}
	fmt.Printf("sitecheck: %d pages, %d URLs, %d broken, %.1fs\n",
		report.Pages, report.Fetched, len(report.Problems), time.Since(start).Seconds())
	if len(report.Problems) > 0 {
		return fmt.Errorf("%d broken page(s), link(s) or asset(s)", len(report.Problems))
	}
	return nil
}

// smokeLocal runs the smoke test against a local bin/site and the build id it reports.
func smokeLocal(ctx context.Context, client *http.Client, origin string) error {
	resp, err := client.Get(origin + "/readyz")
	if err != nil {
		return fmt.Errorf("smoke: %w", err)
	}
	resp.Body.Close()
	id := resp.Header.Get(ci.BuildIDHeader)
	if id == "" {
		return fmt.Errorf("smoke: /readyz has no %s header: the release could not tell which build is live", ci.BuildIDHeader)
	}
	if err := ci.Smoke(ctx, client, ci.SmokeConfig{Base: origin, BuildID: id, Timeout: 10 * time.Second, Interval: 100 * time.Millisecond}); err != nil {
		return err
	}
	fmt.Printf("smoke: %s serves build %s\n", origin, id)
	return nil
}

func smoke(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("smoke", flag.ContinueOnError)
	site := fs.String("url", "", "the deployed site's origin")
	build := fs.String("build-id", "", "the commit it must serve")
	timeout := fs.Duration("timeout", 5*time.Minute, "how long to wait for the new build")
	if err := fs.Parse(args); err != nil {
		return err
	}
	err := ci.Smoke(ctx, &http.Client{Timeout: 15 * time.Second}, ci.SmokeConfig{
		Base: *site, BuildID: *build, Timeout: *timeout, Interval: 5 * time.Second,
		Log: func(format string, a ...any) { fmt.Fprintf(os.Stderr, format+"\n", a...) },
	})
	if err == nil {
		fmt.Printf("smoke: %s is ready and serves %s\n", *site, *build)
	}
	return err
}

func status(ctx context.Context, args []string, getenv func(string) string) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	name := fs.String("context", "", "preview or production")
	state := fs.String("state", "", "error, failure, pending or success")
	target := fs.String("target-url", "", "the address the status links to")
	desc := fs.String("description", "", "at most 140 characters")
	sha := fs.String("sha", getenv("GITHUB_SHA"), "the commit (a pull request's head, not its merge commit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	c, err := contextFor(*name)
	if err != nil {
		return err
	}
	t := ci.StatusTarget{API: github(getenv).API, Repo: getenv("GITHUB_REPOSITORY"), SHA: *sha, Token: getenv("GITHUB_TOKEN")}
	s := ci.Status{State: *state, TargetURL: *target, Description: *desc, Context: c}
	if err := ci.PostStatus(ctx, &http.Client{Timeout: 30 * time.Second}, t, s); err != nil {
		return err
	}
	fmt.Printf("status: %s %s on %s\n", c, *state, *sha)
	return nil
}

// changed writes platform= and code=true|false: whether the checks workflow's
// control-plane job and browser suites must run.
func changed(ctx context.Context, getenv func(string) string) error {
	c := ci.ChangesSince(ctx, ".", ci.BaseFor(getenv("GITHUB_EVENT_NAME"), getenv("BEFORE")))
	fmt.Printf("platform=%t code=%t: %s\n", c.Platform, c.Code, c.Why)
	return errors.Join(writeOutput(getenv, "platform", strconv.FormatBool(c.Platform)),
		writeOutput(getenv, "code", strconv.FormatBool(c.Code)))
}

// writeOutput appends name=value to $GITHUB_OUTPUT, where a runner sets it.
func writeOutput(getenv func(string) string, name, value string) error {
	out := getenv("GITHUB_OUTPUT")
	if out == "" {
		return nil
	}
	f, err := os.OpenFile(out, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("output %s: %w", name, err)
	}
	if _, err := fmt.Fprintf(f, "%s=%s\n", name, value); err != nil {
		f.Close()
		return fmt.Errorf("output %s: write %s: %w", name, out, err)
	}
	return f.Close()
}

func github(getenv func(string) string) ci.GitHub {
	api := getenv("GITHUB_API_URL")
	if api == "" {
		api = "https://api.github.com"
	}
	return ci.GitHub{API: api, Token: getenv("GITHUB_TOKEN"), Client: &http.Client{Timeout: 30 * time.Second}}
}

func openPRs(ctx context.Context, getenv func(string) string) error {
	open, err := ci.OpenPulls(ctx, github(getenv), getenv("GITHUB_REPOSITORY"))
	if err != nil {
		return err
	}
	numbers := make([]string, len(open))
	for i, n := range open {
		numbers[i] = strconv.Itoa(n)
	}
	list := strings.Join(numbers, " ")
	fmt.Printf("open pull requests: %s\n", list)
	return writeOutput(getenv, "open", list)
}

func report(ctx context.Context, args []string, getenv func(string) string) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	title := fs.String("title", "", "the issue's title")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *title == "" {
		return errors.New("report: -title is required")
	}
	body := fmt.Sprintf("The scheduled check of main failed: %s\n\nWhat to do: docs/operations.md, \"When the weekly check fails\".", getenv("RUN_URL"))
	n, err := ci.ReportFailure(ctx, github(getenv), getenv("GITHUB_REPOSITORY"), *title, body)
	if err != nil {
		return err
	}
	fmt.Printf("report: issue #%d\n", n)
	return nil
}

func monitor(ctx context.Context, args []string, getenv func(string) string, now time.Time) error {
	fs := flag.NewFlagSet("monitor", flag.ContinueOnError)
	site := fs.String("url", "", "the live site's https origin")
	days := fs.Int("days", 14, "a certificate expiring within this many days is a problem")
	workflow := fs.String("workflow", "release.yml", "the release's workflow file")
	branch := fs.String("branch", "main", "the branch releases run on")
	keep := fs.String("keep-enabled", "", "workflow files to enable, comma-separated")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *site == "" {
		return errors.New("monitor: -url is required")
	}
	g := github(getenv)
	repo := getenv("GITHUB_REPOSITORY")
	check := ci.LiveCheck{Site: *site, Client: &http.Client{Timeout: 30 * time.Second}, Now: now, Window: time.Duration(*days) * 24 * time.Hour}
	findings := append(check.Check(ctx), ci.LatestRelease(ctx, g, repo, *workflow, *branch))
	for _, f := range findings {
		state := "ok     "
		if f.Problem {
			state = "PROBLEM"
		}
		fmt.Printf("monitor: %s %-15s %s\n", state, f.Kind, f.Summary)
	}
	out, err := ci.Reconcile(ctx, g, repo, findings, getenv("RUN_URL"), now)
	fmt.Printf("monitor: issues opened %v, updated %v, closed %v\n", out.Opened, out.Updated, out.Closed)
	if *keep != "" {
		err = errors.Join(err, ci.KeepEnabled(ctx, g, repo, strings.Split(*keep, ",")))
	}
	return err
}
