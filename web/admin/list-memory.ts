// What a list of the form shows beyond its value (the search typed, which
// entries are open) kept across Decap drawing the form anew: it does so when
// the preview is switched on or off (decap-cms-core EditorInterface draws the
// form in another container), and at phone width the preview takes the
// form's place, so staff switch often. Lists are matched by address and field
// name, in the order Decap draws them, and only for a moment.

export interface ListView {
  query: string;
  folded?: boolean[];
}

const KEEP_MS = 2000;
const kept = new Map<string, { view: ListView; at: number }[]>();

/** Keeps a list's view as it goes away. */
export function keepView(key: string, view: ListView, now = Date.now()) {
  const queue = kept.get(key) ?? [];
  queue.push({ view, at: now });
  kept.set(key, queue);
}

/** The view a list with this key had a moment ago, if any (each kept view is given once). */
export function takeView(key: string, now = Date.now()): ListView | undefined {
  const queue = kept.get(key);
  while (queue?.length) {
    const next = queue.shift()!;
    if (now - next.at <= KEEP_MS) return next.view;
  }
  return undefined;
}
