// A fake of the parts of GitHub's REST API the editor (Decap CMS's GitHub
// backend, editorial workflow) calls to open a change in review, built from
// GitHub's documented response shapes; each handler names its page. It serves
// the repository's own content/ folder as `main`, plus one pull request from
// the editor's branch cms/careers/careers that changes content/careers.json,
// with the commit statuses a test gives it. Playwright answers the editor's
// requests to https://api.github.com with it (page.route), so nothing leaves
// the machine.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page, Route } from "@playwright/test";

export const REPO = "veldhaven/site";
const API = "https://api.github.com";

/** A commit status as GitHub returns it in a combined status. */
export interface FakeStatus {
  context: string;
  state: "error" | "failure" | "pending" | "success";
  target_url: string;
  description: string;
}

/** The git blob id of some bytes: sha1("blob <size>\0" + bytes), as git and GitHub compute it. */
function blobSha(data: Buffer): string {
  return createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${data.length}\0`), data]))
    .digest("hex");
}

/** A made-up but well-formed commit id, stable per name. */
function commitSha(name: string): string {
  return createHash("sha1").update(`commit ${name}`).digest("hex");
}

export interface FakeGitHub {
  /** Requests the fake had no answer for (answered 404 like GitHub). */
  unknown: string[];
  /** The pull request's head commit: where its statuses are. */
  headSha: string;
}

/**
 * Routes the page's requests to api.github.com to a fake holding `root`'s
 * content/ folder. `changed` is content/careers.json as the pull request
 * has it; `statuses` are the statuses of its head commit.
 */
export async function fakeGitHub(
  page: Page,
  root: string,
  changed: string,
  statuses: FakeStatus[],
): Promise<FakeGitHub> {
  const blobs = new Map<string, Buffer>();
  const baseSha = commitSha("main");
  const headSha = commitSha("cms/careers/careers");
  const changedBytes = Buffer.from(changed);
  const changedSha = blobSha(changedBytes);
  blobs.set(changedSha, changedBytes);
  const fake: FakeGitHub = { unknown: [], headSha };
  const user = {
    // https://docs.github.com/en/rest/users/users#get-the-authenticated-user
    login: "anna-de-vries",
    id: 1001,
    name: "Anna de Vries",
    type: "User",
    avatar_url: "https://avatars.githubusercontent.com/u/1001?v=4",
    html_url: "https://github.com/anna-de-vries",
  };
  const pull = {
    // https://docs.github.com/en/rest/pulls/pulls#list-pull-requests
    number: 7,
    state: "open",
    title: "Update Careers “careers”",
    user: { login: user.login, id: user.id, type: "User" },
    labels: [{ id: 1, name: "decap-cms/pending_review" }],
    created_at: "2026-11-23T09:00:00Z",
    updated_at: "2026-11-23T09:12:00Z",
    head: {
      ref: "cms/careers/careers",
      sha: headSha,
      label: "veldhaven:cms/careers/careers",
      repo: { full_name: REPO, fork: false },
    },
    base: {
      ref: "main",
      sha: baseSha,
      label: "veldhaven:main",
      repo: { full_name: REPO, fork: false },
    },
  };

  /** The entries of a folder of `main` (content/... only), as a git tree. */
  function tree(path: string) {
    const dir = join(root, path);
    if (!path.startsWith("content") || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
      return undefined;
    }
    // https://docs.github.com/en/rest/git/trees#get-a-tree
    return {
      sha: commitSha(`tree ${path}`),
      truncated: false,
      tree: readdirSync(dir, { withFileTypes: true }).map((entry) => {
        if (entry.isDirectory()) {
          return {
            path: entry.name,
            mode: "040000",
            type: "tree",
            sha: commitSha(`tree ${path}/${entry.name}`),
          };
        }
        const data = readFileSync(join(dir, entry.name));
        const sha = blobSha(data);
        blobs.set(sha, data);
        return { path: entry.name, mode: "100644", type: "blob", sha, size: data.length };
      }),
    };
  }

  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({
      status,
      contentType: "application/json; charset=utf-8",
      headers: { "access-control-allow-origin": "*" },
      body: JSON.stringify(body),
    });
  const notFound = (route: Route) =>
    // https://docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api#404-not-found
    json(route, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });

  await page.route(`${API}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = decodeURIComponent(url.pathname);
    const repo = `/repos/${REPO}`;
    if (request.method() === "OPTIONS") {
      return route.fulfill({
        status: 204,
        headers: {
          "access-control-allow-origin": "*",
          "access-control-allow-headers": "Authorization, Content-Type, Cache-Control",
          "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
        },
      });
    }
    if (request.headers()["authorization"] !== "token fake-token") {
      // https://docs.github.com/en/rest/authentication/authenticating-to-the-rest-api
      return json(route, 401, {
        message: "Bad credentials",
        documentation_url: "https://docs.github.com/rest",
      });
    }
    if (request.method() !== "GET") {
      fake.unknown.push(`${request.method()} ${path}`);
      return notFound(route);
    }
    let m: RegExpMatchArray | null;
    if (path === "/user") return json(route, 200, user);
    if (path === `/users/${user.login}`) return json(route, 200, user);
    if (path === repo) {
      // https://docs.github.com/en/rest/repos/repos#get-a-repository
      return json(route, 200, {
        id: 42,
        name: "site",
        full_name: REPO,
        owner: { login: "veldhaven", type: "Organization" },
        private: true,
        default_branch: "main",
        permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
      });
    }
    if (path === `${repo}/pulls`) {
      const head = url.searchParams.get("head");
      const match = !head || head === pull.head.label || head === pull.head.ref;
      return json(route, 200, url.searchParams.get("state") === "open" && match ? [pull] : []);
    }
    if (path === `${repo}/pulls/${pull.number}/commits`) {
      // https://docs.github.com/en/rest/pulls/pulls#list-commits-on-a-pull-request
      return json(route, 200, [
        {
          sha: headSha,
          commit: {
            message: "Update Careers “careers”",
            author: { name: user.name, date: pull.updated_at },
          },
        },
      ]);
    }
    if ((m = path.match(new RegExp(`^${repo}/compare/(.+)\\.\\.\\.(.+)$`))) && m[2] === headSha) {
      // https://docs.github.com/en/rest/commits/commits#compare-two-commits
      return json(route, 200, {
        status: "ahead",
        ahead_by: 1,
        behind_by: 0,
        total_commits: 1,
        merge_base_commit: { sha: baseSha },
        commits: [{ sha: headSha }],
        files: [
          {
            sha: changedSha,
            filename: "content/careers.json",
            status: "modified",
            additions: 1,
            deletions: 1,
            changes: 2,
          },
        ],
      });
    }
    if (
      (m = path.match(new RegExp(`^${repo}/commits/([0-9a-f]{40})/status$`))) &&
      m[1] === headSha
    ) {
      // https://docs.github.com/en/rest/commits/statuses#get-the-combined-status-for-a-specific-reference
      const state = statuses.every((s) => s.state === "success") ? "success" : "pending";
      return json(route, 200, {
        state,
        sha: headSha,
        total_count: statuses.length,
        statuses: statuses.map((s, i) => ({ id: i + 1, ...s, created_at: pull.updated_at })),
      });
    }
    if (path === `${repo}/commits`) {
      // https://docs.github.com/en/rest/commits/commits#list-commits
      return json(route, 200, [
        {
          sha: baseSha,
          commit: {
            message: "Publish",
            author: { name: user.name, email: "", date: "2026-11-20T10:00:00Z" },
          },
        },
      ]);
    }
    if ((m = path.match(new RegExp(`^${repo}/branches/(.+)$`)))) {
      // https://docs.github.com/en/rest/branches/branches#get-a-branch
      const sha = m[1] === "main" ? baseSha : m[1] === pull.head.ref ? headSha : undefined;
      if (!sha) return notFound(route);
      return json(route, 200, { name: m[1], commit: { sha }, protected: m[1] === "main" });
    }
    if ((m = path.match(new RegExp(`^${repo}/git/trees/(?:main|${baseSha}):(.+)$`)))) {
      const t = tree(m[1]!);
      return t ? json(route, 200, t) : notFound(route);
    }
    if ((m = path.match(new RegExp(`^${repo}/git/blobs/([0-9a-f]{40})$`)))) {
      // https://docs.github.com/en/rest/git/blobs#get-a-blob
      const data = blobs.get(m[1]!);
      if (!data) return notFound(route);
      return json(route, 200, {
        sha: m[1],
        size: data.length,
        encoding: "base64",
        content: data.toString("base64"),
      });
    }
    fake.unknown.push(`GET ${path}${url.search}`);
    return notFound(route);
  });
  // The signed-in user's picture in the top bar.
  await page.route("https://avatars.githubusercontent.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#7a8b6f"/></svg>',
    }),
  );
  return fake;
}
