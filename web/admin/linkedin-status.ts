// Staff learn that the LinkedIn feed needs a page admin where they already
// are: the editor. The feed owner says at /admin/linkedin/status (JSON,
// internal/linkedinauth) whether the connection fails or expires within 14
// days; then the editor shows a notice at the foot of the window with the link to
// /admin/linkedin, where a page admin reconnects it. A site without LinkedIn
// (the sample feed), or a status that cannot be read, shows nothing: the
// editor never waits for it.

import { editorFoot } from "./live-status";

/** What /admin/linkedin/status answers (the fields the notice reads). */
export interface LinkedInStatus {
  linkedIn: boolean;
  attention: boolean;
  message: string;
  url: string;
}

/** The notice for a status, or null when there is nothing to say. */
export function linkedInNotice(status: unknown): { message: string; url: string } | null {
  if (typeof status !== "object" || status === null) return null;
  const s = status as Partial<LinkedInStatus>;
  if (s.linkedIn !== true || s.attention !== true || typeof s.message !== "string" || !s.message)
    return null;
  // Only the site's own page: the link never leads elsewhere.
  const url =
    typeof s.url === "string" && /^\/admin\/linkedin(\/|$)/.test(s.url) ? s.url : "/admin/linkedin";
  return { message: s.message, url };
}

/** The notice as an element: a labelled region with the message and the link. */
export function noticeElement(
  doc: Document,
  notice: { message: string; url: string },
): HTMLElement {
  const box = doc.createElement("div");
  box.className = "linkedin-notice";
  box.setAttribute("aria-label", "LinkedIn feed");
  box.setAttribute("role", "status");
  const text = doc.createElement("span");
  text.textContent = notice.message + " ";
  const link = doc.createElement("a");
  link.href = notice.url;
  link.textContent = "Open the LinkedIn connection";
  box.append(text, link);
  return box;
}

/** Reads the status once and shows the notice at the foot of the window when it asks for one. */
export async function installLinkedInNotice(
  doc: Document = document,
  get: typeof fetch = fetch,
): Promise<void> {
  try {
    const response = await get("/admin/linkedin/status", { cache: "no-store" });
    if (!response.ok) return;
    const notice = linkedInNotice(await response.json());
    if (notice) editorFoot(doc).append(noticeElement(doc, notice));
  } catch {
    // No status (a build without a feed owner, a network error): no notice.
  }
}
