// A fake of the parts of GitHub's REST API the editor (Decap CMS's GitHub
// backend, editorial workflow) calls to open, save, publish and delete a
// change in review, built from GitHub's documented request and response
// shapes; each handler names its page. It holds a small git repository in
// memory: `main` starts as the repository's own content/ folder, and the
// editor's saves make blobs, trees, commits, branches and pull requests in it,
// as GitHub would. A test may start it with one pull request from the
// editor's branch cms/careers/careers that changes content/careers.json, with
// the commit statuses it gives. Playwright answers the editor's requests to
// https://api.github.com with it (page.route), so nothing leaves the machine.
// Decap's calls are in decap-cms-backend-github/src/API.ts.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Page, Route } from "@playwright/test";

export const REPO = "veldhaven/site";
const OWNER = "veldhaven";
const API = "https://api.github.com";
const MAIN = "main";

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

/** A made-up but well-formed object id for anything else, stable per text. */
function objectSha(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** A tree: every file's path from the repository's root, to its blob id. */
type Tree = Map<string, string>;

interface Commit {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
  date: string;
}

interface Pull {
  number: number;
  state: "open" | "closed";
  merged: boolean;
  title: string;
  body: string;
  head: string;
  labels: string[];
  created_at: string;
  updated_at: string;
}

export interface FakeGitHub {
  /** Requests the fake had no answer for (answered 404 like GitHub). */
  unknown: string[];
  /** Every request that asks GitHub to change something (any method but GET), as "METHOD /path". */
  writes: string[];
  /** The preset pull request's head commit: where its statuses are. */
  headSha: string;
  /** A file's bytes on a branch, or undefined where it has none. */
  file(branch: string, path: string): Buffer | undefined;
  /** The paths of a branch's files under a folder ("content/media/images"). */
  paths(branch: string, folder: string): string[];
  /** Whether a branch exists. */
  hasBranch(branch: string): boolean;
  /** The paths a branch's newest commit changed, added or deleted (against its first parent). */
  lastCommitChanges(branch: string): string[];
  /**
   * Opens a draft in review as the editor makes one: the branch cms/<entry>
   * ("people/employees") with `path` changed to `text`, and its pull request.
   */
  openDraft(entry: string, path: string, text: string): void;
  /** A change put on main meanwhile (a colleague's published draft): `path` becomes `text`. */
  commitToMain(path: string, text: string): void;
  /** The pull requests, as the fake holds them. */
  pulls(): readonly Pull[];
  /** Gives the commit a branch points to now these statuses, as a workflow posts them. */
  setStatuses(branch: string, statuses: FakeStatus[]): void;
  /**
   * From now on, requests `match` picks ("GET /repos/…?query") time out on
   * GitHub's side, until the function returned is called.
   */
  timeOut(match: (request: string) => boolean): () => void;
}

/**
 * Routes the page's requests to api.github.com to a fake holding `root`'s
 * content/ folder on `main`. With `changed`, content/careers.json as a pull
 * request from cms/careers/careers changes it, and `statuses` the statuses of
 * its head commit.
 */
export async function fakeGitHub(
  page: Page,
  root: string,
  changed?: string,
  statuses: FakeStatus[] = [],
): Promise<FakeGitHub> {
  const blobs = new Map<string, Buffer>();
  const trees = new Map<string, Tree>();
  const commits = new Map<string, Commit>();
  const refs = new Map<string, string>();
  const pulls: Pull[] = [];
  const statusesOf = new Map<string, FakeStatus[]>();
  let clock = Date.parse("2026-11-23T09:00:00Z");
  const now = () => new Date((clock += 60_000)).toISOString().replace(/\.\d+Z$/, "Z");

  const putBlob = (data: Buffer) => {
    const sha = blobSha(data);
    blobs.set(sha, data);
    return sha;
  };
  const putTree = (tree: Tree) => {
    const sorted = [...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const sha = objectSha(`tree ${JSON.stringify(sorted)}`);
    trees.set(sha, new Map(sorted));
    return sha;
  };
  const putCommit = (tree: string, parents: string[], message: string) => {
    const date = now();
    const sha = objectSha(`commit ${tree} ${parents.join(" ")} ${message} ${date}`);
    commits.set(sha, { sha, tree, parents, message, date });
    return sha;
  };

  // main: the repository's content/ folder.
  const initial: Tree = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile())
        initial.set(relative(root, path).split(sep).join("/"), putBlob(readFileSync(path)));
    }
  };
  walk(join(root, "content"));
  const baseSha = putCommit(putTree(initial), [], "Publish");
  refs.set(MAIN, baseSha);

  let headSha = "";
  if (changed !== undefined) {
    const tree = new Map(initial);
    tree.set("content/careers.json", putBlob(Buffer.from(changed)));
    headSha = putCommit(putTree(tree), [baseSha], "Update Careers “careers”");
    refs.set("cms/careers/careers", headSha);
    statusesOf.set(headSha, statuses);
    pulls.push({
      number: 7,
      state: "open",
      merged: false,
      title: "Update Careers “careers”",
      body: "",
      head: "cms/careers/careers",
      labels: ["decap-cms/pending_review"],
      created_at: "2026-11-23T09:00:00Z",
      updated_at: "2026-11-23T09:12:00Z",
    });
  }

  const user = {
    // https://docs.github.com/en/rest/users/users#get-the-authenticated-user
    login: "anna-de-vries",
    id: 1001,
    name: "Anna de Vries",
    type: "User",
    avatar_url: "https://avatars.githubusercontent.com/u/1001?v=4",
    html_url: "https://github.com/anna-de-vries",
  };

  /** A commit id from a ref as the API takes it: a commit id, a branch, owner:branch, heads/branch. */
  function resolve(ref: string): string | undefined {
    if (commits.has(ref)) return ref;
    const name = ref.replace(new RegExp(`^${OWNER}:`), "").replace(/^(refs\/)?heads\//, "");
    return refs.get(name);
  }
  const treeOf = (commit: string) => trees.get(commits.get(commit)!.tree)!;

  /** A commit and every commit before it. */
  function ancestorsOf(commit: string): Set<string> {
    const ancestors = new Set<string>();
    const stack = [commit];
    while (stack.length) {
      const sha = stack.pop()!;
      if (ancestors.has(sha)) continue;
      ancestors.add(sha);
      stack.push(...commits.get(sha)!.parents);
    }
    return ancestors;
  }

  /** The commits on `head` since `base`'s history, oldest first; and the newest commit both have. */
  function since(base: string, head: string): { list: Commit[]; mergeBase: string } {
    const ancestors = ancestorsOf(base);
    const list: Commit[] = [];
    let at: string | undefined = head;
    while (at && !ancestors.has(at)) {
      list.push(commits.get(at)!);
      at = commits.get(at)!.parents[0];
    }
    return { list: list.reverse(), mergeBase: at ?? base };
  }

  /** What changed from one tree to another, as the compare API lists files. */
  function diff(from: Tree, to: Tree) {
    const files = [];
    for (const path of new Set([...from.keys(), ...to.keys()])) {
      const a = from.get(path);
      const b = to.get(path);
      if (a === b) continue;
      const status = !a ? "added" : !b ? "removed" : "modified";
      const sha = (b ?? a)!;
      const text = /\.(json|md|txt|svg)$/.test(path);
      const lines = (s: string | undefined) =>
        s ? blobs.get(s)!.toString("utf8").split("\n").length : 0;
      const additions = text ? lines(b) : 0;
      const deletions = text ? lines(a) : 0;
      files.push({
        sha,
        filename: path,
        status,
        additions,
        deletions,
        changes: additions + deletions,
        // GitHub gives no patch for a binary file.
        ...(text ? { patch: `@@ -1,${deletions} +1,${additions} @@` } : {}),
      });
    }
    return files;
  }

  const commitJson = (c: Commit) => ({
    // https://docs.github.com/en/rest/commits/commits#get-a-commit
    sha: c.sha,
    commit: {
      message: c.message,
      author: { name: user.name, email: "anna@veldhaven.eu", date: c.date },
      committer: { name: user.name, email: "anna@veldhaven.eu", date: c.date },
      tree: { sha: c.tree },
    },
    parents: c.parents.map((sha) => ({ sha })),
  });

  const pullJson = (p: Pull) => ({
    // https://docs.github.com/en/rest/pulls/pulls#get-a-pull-request
    number: p.number,
    state: p.state,
    merged: p.merged,
    title: p.title,
    body: p.body,
    user: { login: user.login, id: user.id, type: "User" },
    labels: p.labels.map((name, i) => ({ id: i + 1, name })),
    created_at: p.created_at,
    updated_at: p.updated_at,
    head: {
      ref: p.head,
      sha: refs.get(p.head) ?? "",
      label: `${OWNER}:${p.head}`,
      repo: { full_name: REPO, fork: false },
    },
    base: {
      ref: MAIN,
      sha: refs.get(MAIN),
      label: `${OWNER}:${MAIN}`,
      repo: { full_name: REPO, fork: false },
    },
  });

  /** The entries of a folder of a commit's tree, as a git tree (recursive: every file and folder below). */
  function folder(commit: string, path: string, recursive: boolean) {
    const prefix = path === "" ? "" : `${path.replace(/\/$/, "")}/`;
    const entries = new Map<string, { type: "blob" | "tree"; sha: string; size?: number }>();
    for (const [file, sha] of treeOf(commit)) {
      if (!file.startsWith(prefix)) continue;
      const parts = file.slice(prefix.length).split("/");
      for (let depth = 1; depth < parts.length && (recursive || depth === 1); depth++) {
        const dir = parts.slice(0, depth).join("/");
        entries.set(dir, { type: "tree", sha: objectSha(`tree ${commit} ${prefix}${dir}`) });
      }
      if (recursive || parts.length === 1) {
        entries.set(parts.join("/"), { type: "blob", sha, size: blobs.get(sha)!.length });
      }
    }
    if (entries.size === 0) return undefined;
    // https://docs.github.com/en/rest/git/trees#get-a-tree
    return {
      sha: objectSha(`tree ${commit} ${prefix}`),
      truncated: false,
      tree: [...entries].map(([p, e]) => ({
        path: p,
        mode: e.type === "tree" ? "040000" : "100644",
        type: e.type,
        sha: e.sha,
        ...(e.size !== undefined ? { size: e.size } : {}),
      })),
    };
  }

  const json = (route: Route, status: number, body?: unknown) =>
    route.fulfill({
      status,
      contentType: "application/json; charset=utf-8",
      headers: { "access-control-allow-origin": "*" },
      body: body === undefined ? "" : JSON.stringify(body),
    });
  const notFound = (route: Route) =>
    // https://docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api#404-not-found
    json(route, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
  const unprocessable = (route: Route, message: string, documentation_url: string) =>
    // https://docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api#422-unprocessable-entity
    json(route, 422, { message, documentation_url });

  const fake: FakeGitHub = {
    unknown: [],
    writes: [],
    headSha,
    file(branch, path) {
      const sha = refs.get(branch);
      const blob = sha && treeOf(sha).get(path);
      return blob ? blobs.get(blob) : undefined;
    },
    paths(branch, dir) {
      const sha = refs.get(branch);
      return sha ? [...treeOf(sha).keys()].filter((p) => p.startsWith(`${dir}/`)).sort() : [];
    },
    hasBranch: (branch) => refs.has(branch),
    lastCommitChanges(branch) {
      const head = commits.get(refs.get(branch)!)!;
      const parent = head.parents[0];
      return diff(parent ? treeOf(parent) : new Map(), trees.get(head.tree)!)
        .map((f) => f.filename)
        .sort();
    },
    openDraft(entry, path, text) {
      const main = refs.get(MAIN)!;
      const tree = new Map(treeOf(main));
      tree.set(path, putBlob(Buffer.from(text)));
      const branch = `cms/${entry}`;
      refs.set(branch, putCommit(putTree(tree), [main], `Update “${entry}”`));
      const at = now();
      pulls.push({
        number: 100 + pulls.length,
        state: "open",
        merged: false,
        title: `Update “${entry}”`,
        body: "",
        head: branch,
        labels: ["decap-cms/draft"],
        created_at: at,
        updated_at: at,
      });
    },
    commitToMain(path, text) {
      const main = refs.get(MAIN)!;
      const tree = new Map(treeOf(main));
      tree.set(path, putBlob(Buffer.from(text)));
      refs.set(MAIN, putCommit(putTree(tree), [main], `Update ${path}`));
    },
    pulls: () => pulls,
    setStatuses(branch, statuses) {
      statusesOf.set(refs.get(branch)!, statuses);
    },
    timeOut(match) {
      timeOuts.push(match);
      return () => void timeOuts.splice(timeOuts.indexOf(match), 1);
    },
  };
  const timeOuts: ((request: string) => boolean)[] = [];

  await page.route(`${API}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = decodeURIComponent(url.pathname);
    const method = request.method();
    const repo = `/repos/${REPO}`;
    if (method === "OPTIONS") {
      return route.fulfill({
        status: 204,
        headers: {
          "access-control-allow-origin": "*",
          "access-control-allow-headers": "Authorization, Content-Type, Cache-Control",
          "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
        },
      });
    }
    if (method !== "GET") fake.writes.push(`${method} ${path}`);
    if (request.headers()["authorization"] !== "token fake-token") {
      // https://docs.github.com/en/rest/authentication/authenticating-to-the-rest-api
      return json(route, 401, {
        message: "Bad credentials",
        documentation_url: "https://docs.github.com/rest",
      });
    }
    if (timeOuts.some((match) => match(`${method} ${path}${url.search}`))) {
      // https://docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api#timeouts
      // ("a timeout response and a Server Error message"; GitHub's edge answers 502)
      return json(route, 502, { message: "Server Error" });
    }
    const body = (): Record<string, unknown> => {
      try {
        return (request.postDataJSON() as Record<string, unknown>) ?? {};
      } catch {
        return {};
      }
    };
    let m: RegExpMatchArray | null;
    const route_ = `${method} ${path}`;

    if (route_ === "GET /user") return json(route, 200, user);
    if (route_ === `GET /users/${user.login}`) return json(route, 200, user);
    if (route_ === `GET ${repo}`) {
      // https://docs.github.com/en/rest/repos/repos#get-a-repository
      return json(route, 200, {
        id: 42,
        name: "site",
        full_name: REPO,
        owner: { login: OWNER, type: "Organization" },
        private: true,
        default_branch: MAIN,
        permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
      });
    }
    if (route_ === `GET ${repo}/pulls`) {
      // https://docs.github.com/en/rest/pulls/pulls#list-pull-requests
      const head = url.searchParams.get("head");
      const state = url.searchParams.get("state") ?? "open";
      return json(
        route,
        200,
        pulls
          .filter((p) => state === "all" || p.state === state)
          .filter((p) => !head || head === `${OWNER}:${p.head}` || head === p.head)
          .map(pullJson),
      );
    }
    if (route_ === `POST ${repo}/pulls`) {
      // https://docs.github.com/en/rest/pulls/pulls#create-a-pull-request
      const { title, body: text, head, base } = body() as Record<string, string>;
      const branch = String(head).replace(new RegExp(`^${OWNER}:`), "");
      if (base !== MAIN || !refs.has(branch)) {
        return unprocessable(
          route,
          "Validation Failed",
          "https://docs.github.com/rest/pulls/pulls#create-a-pull-request",
        );
      }
      const at = now();
      const pull: Pull = {
        number: 100 + pulls.length,
        state: "open",
        merged: false,
        title: String(title),
        body: String(text ?? ""),
        head: branch,
        labels: [],
        created_at: at,
        updated_at: at,
      };
      pulls.push(pull);
      return json(route, 201, pullJson(pull));
    }
    const pullAt = (n: string) => pulls.find((p) => p.number === Number(n));
    if ((m = path.match(new RegExp(`^${repo}/pulls/(\\d+)$`))) && method === "PATCH") {
      // https://docs.github.com/en/rest/pulls/pulls#update-a-pull-request
      const pull = pullAt(m[1]!);
      if (!pull) return notFound(route);
      const { state } = body() as { state?: "open" | "closed" };
      if (state) pull.state = state;
      pull.updated_at = now();
      return json(route, 200, pullJson(pull));
    }
    if ((m = path.match(new RegExp(`^${repo}/pulls/(\\d+)/merge$`))) && method === "PUT") {
      // https://docs.github.com/en/rest/pulls/pulls#merge-a-pull-request
      const pull = pullAt(m[1]!);
      if (!pull || pull.state !== "open") return notFound(route);
      const { sha, commit_message } = body() as { sha?: string; commit_message?: string };
      const head = refs.get(pull.head)!;
      if (sha && sha !== head) {
        return json(route, 409, {
          message: "Head branch was modified. Review and try the merge again.",
          documentation_url: "https://docs.github.com/rest/pulls/pulls#merge-a-pull-request",
        });
      }
      const main = refs.get(MAIN)!;
      const { mergeBase } = since(main, head);
      const merged = new Map(treeOf(main));
      for (const file of diff(treeOf(mergeBase), treeOf(head))) {
        if (file.status === "removed") merged.delete(file.filename);
        else merged.set(file.filename, treeOf(head).get(file.filename)!);
      }
      const commit = putCommit(putTree(merged), [main, head], commit_message ?? pull.title);
      refs.set(MAIN, commit);
      pull.state = "closed";
      pull.merged = true;
      return json(route, 200, {
        sha: commit,
        merged: true,
        message: "Pull Request successfully merged",
      });
    }
    if ((m = path.match(new RegExp(`^${repo}/pulls/(\\d+)/commits$`))) && method === "GET") {
      // https://docs.github.com/en/rest/pulls/pulls#list-commits-on-a-pull-request
      const pull = pullAt(m[1]!);
      const head = pull && refs.get(pull.head);
      if (!head) return notFound(route);
      return json(route, 200, since(refs.get(MAIN)!, head).list.map(commitJson));
    }
    if ((m = path.match(new RegExp(`^${repo}/issues/(\\d+)/labels$`))) && method === "PUT") {
      // https://docs.github.com/en/rest/issues/labels#set-labels-for-an-issue
      const pull = pullAt(m[1]!);
      if (!pull) return notFound(route);
      const { labels } = body() as { labels?: string[] };
      pull.labels = [...(labels ?? [])];
      pull.updated_at = now();
      return json(
        route,
        200,
        pull.labels.map((name, i) => ({ id: i + 1, name, color: "ededed", default: false })),
      );
    }
    if (route_ === "GET /search/issues") {
      // https://docs.github.com/en/rest/search/search#search-issues-and-pull-requests
      // (the editor's notes, not used here: no issue matches)
      return json(route, 200, { total_count: 0, incomplete_results: false, items: [] });
    }
    if ((m = path.match(new RegExp(`^${repo}/compare/(.+)\\.\\.\\.(.+)$`))) && method === "GET") {
      // https://docs.github.com/en/rest/commits/commits#compare-two-commits
      const base = resolve(m[1]!);
      const head = resolve(m[2]!);
      if (!base || !head) return notFound(route);
      const { list, mergeBase } = since(base, head);
      const behind = since(head, base).list.length;
      return json(route, 200, {
        status:
          list.length && behind
            ? "diverged"
            : list.length
              ? "ahead"
              : behind
                ? "behind"
                : "identical",
        ahead_by: list.length,
        behind_by: behind,
        total_commits: list.length,
        base_commit: commitJson(commits.get(base)!),
        merge_base_commit: commitJson(commits.get(mergeBase)!),
        commits: list.map(commitJson),
        files: diff(treeOf(mergeBase), treeOf(head)),
      });
    }
    if ((m = path.match(new RegExp(`^${repo}/commits/([^/]+)/status$`))) && method === "GET") {
      // https://docs.github.com/en/rest/commits/statuses#get-the-combined-status-for-a-specific-reference
      // (the reference: a commit id, a branch or a tag)
      const sha = resolve(decodeURIComponent(m[1]!));
      if (!sha) return notFound(route);
      const list = statusesOf.get(sha) ?? [];
      const state = list.length && list.every((s) => s.state === "success") ? "success" : "pending";
      return json(route, 200, {
        state,
        sha,
        total_count: list.length,
        statuses: list.map((s, i) => ({ id: i + 1, ...s, created_at: "2026-11-23T09:12:00Z" })),
      });
    }
    if (route_ === `GET ${repo}/commits`) {
      // https://docs.github.com/en/rest/commits/commits#list-commits
      const from = resolve(url.searchParams.get("sha") ?? MAIN);
      if (!from) return notFound(route);
      const file = url.searchParams.get("path");
      const list: Commit[] = [];
      for (let at: string | undefined = from; at; at = commits.get(at)!.parents[0]) {
        const c = commits.get(at)!;
        const parent = c.parents[0];
        const before = parent ? treeOf(parent).get(file ?? "") : undefined;
        if (!file || !parent || treeOf(at).get(file) !== before) list.push(c);
      }
      return json(route, 200, list.map(commitJson));
    }
    if ((m = path.match(new RegExp(`^${repo}/branches/(.+)$`))) && method === "GET") {
      // https://docs.github.com/en/rest/branches/branches#get-a-branch
      const sha = refs.get(m[1]!);
      if (!sha) return notFound(route);
      return json(route, 200, {
        name: m[1],
        commit: commitJson(commits.get(sha)!),
        protected: m[1] === MAIN,
      });
    }
    if (route_ === `POST ${repo}/git/refs`) {
      // https://docs.github.com/en/rest/git/refs#create-a-reference
      const { ref, sha } = body() as { ref?: string; sha?: string };
      const name = String(ref).replace(/^refs\/heads\//, "");
      if (!ref?.startsWith("refs/heads/") || !sha || !commits.has(sha) || refs.has(name)) {
        return unprocessable(
          route,
          refs.has(name) ? "Reference already exists" : "Invalid request.",
          "https://docs.github.com/rest/git/refs#create-a-reference",
        );
      }
      refs.set(name, sha);
      return json(route, 201, { ref, object: { type: "commit", sha } });
    }
    if ((m = path.match(new RegExp(`^${repo}/git/refs/heads/(.+)$`)))) {
      const name = m[1]!;
      if (method === "PATCH") {
        // https://docs.github.com/en/rest/git/refs#update-a-reference
        const { sha, force } = body() as { sha?: string; force?: boolean };
        const at = refs.get(name);
        if (!at) return notFound(route);
        if (!sha || !commits.has(sha)) {
          return unprocessable(
            route,
            "Object does not exist",
            "https://docs.github.com/rest/git/refs#update-a-reference",
          );
        }
        if (!force && !ancestorsOf(sha).has(at)) {
          return unprocessable(
            route,
            "Update is not a fast forward",
            "https://docs.github.com/rest/git/refs#update-a-reference",
          );
        }
        refs.set(name, sha);
        return json(route, 200, { ref: `refs/heads/${name}`, object: { type: "commit", sha } });
      }
      if (method === "DELETE") {
        // https://docs.github.com/en/rest/git/refs#delete-a-reference
        if (!refs.delete(name)) {
          return unprocessable(
            route,
            "Reference does not exist",
            "https://docs.github.com/rest/git/refs#delete-a-reference",
          );
        }
        return route.fulfill({ status: 204, headers: { "access-control-allow-origin": "*" } });
      }
    }
    if ((m = path.match(new RegExp(`^${repo}/git/trees/([^:]+):(.*)$`))) && method === "GET") {
      // https://docs.github.com/en/rest/git/trees#get-a-tree (a <rev>:<path>, as git names a folder)
      const commit = resolve(m[1]!);
      const t = commit && folder(commit, m[2]!, url.searchParams.has("recursive"));
      return t ? json(route, 200, t) : notFound(route);
    }
    if (route_ === `POST ${repo}/git/trees`) {
      // https://docs.github.com/en/rest/git/trees#create-a-tree
      const { base_tree, tree } = body() as {
        base_tree?: string;
        tree?: { path: string; mode: string; type: string; sha?: string | null }[];
      };
      const base = base_tree
        ? (trees.get(base_tree) ?? (commits.has(base_tree) ? treeOf(base_tree) : undefined))
        : new Map<string, string>();
      if (!base || !Array.isArray(tree)) {
        return unprocessable(
          route,
          "Invalid tree info",
          "https://docs.github.com/rest/git/trees#create-a-tree",
        );
      }
      const next = new Map(base);
      for (const entry of tree) {
        if (entry.sha === null) {
          // "If the value is null then the file will be deleted"; GitHub refuses
          // the tree when there is no such file.
          if (!next.delete(entry.path)) {
            return unprocessable(
              route,
              "GitRPC::BadObjectState",
              "https://docs.github.com/rest/git/trees#create-a-tree",
            );
          }
        } else if (entry.sha && blobs.has(entry.sha)) {
          next.set(entry.path, entry.sha);
        } else {
          return unprocessable(
            route,
            "tree.sha is not a valid blob",
            "https://docs.github.com/rest/git/trees#create-a-tree",
          );
        }
      }
      const sha = putTree(next);
      return json(route, 201, {
        sha,
        truncated: false,
        tree: [...next].map(([p, s]) => ({ path: p, mode: "100644", type: "blob", sha: s })),
      });
    }
    if (route_ === `POST ${repo}/git/commits`) {
      // https://docs.github.com/en/rest/git/commits#create-a-commit
      const { message, tree, parents } = body() as {
        message?: string;
        tree?: string;
        parents?: string[];
      };
      if (!tree || !trees.has(tree) || !(parents ?? []).every((p) => commits.has(p))) {
        return unprocessable(
          route,
          "Invalid request.",
          "https://docs.github.com/rest/git/commits#create-a-commit",
        );
      }
      const sha = putCommit(tree, parents ?? [], String(message ?? ""));
      return json(route, 201, {
        sha,
        tree: { sha: tree },
        parents: (parents ?? []).map((p) => ({ sha: p })),
        message,
        author: { name: user.name, email: "anna@veldhaven.eu", date: commits.get(sha)!.date },
      });
    }
    if (route_ === `POST ${repo}/git/blobs`) {
      // https://docs.github.com/en/rest/git/blobs#create-a-blob
      const { content, encoding } = body() as { content?: string; encoding?: string };
      if (typeof content !== "string") {
        return unprocessable(
          route,
          "Invalid request.",
          "https://docs.github.com/rest/git/blobs#create-a-blob",
        );
      }
      const sha = putBlob(Buffer.from(content, encoding === "base64" ? "base64" : "utf8"));
      return json(route, 201, { sha, url: `${API}${repo}/git/blobs/${sha}` });
    }
    if ((m = path.match(new RegExp(`^${repo}/git/blobs/([0-9a-f]{40})$`))) && method === "GET") {
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
    fake.unknown.push(`${method} ${path}${url.search}`);
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
