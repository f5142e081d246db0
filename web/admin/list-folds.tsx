// Which entries of a list are folded, kept across Decap drawing the form anew:
// it does so when the preview is switched on or off (decap-cms-core
// EditorInterface draws the form in another container), and at phone width
// the preview takes the form's place, so staff switch often. Lists are matched
// by address and field name, in the order Decap draws them, and only for a moment.
import { Component, createRef, type ComponentType } from "react";
import { foldedEntries, passOnControlHooks, setFoldedEntries } from "./decap-internals";

const KEEP_MS = 2000;
const kept = new Map<string, { folded: boolean[] | undefined; at: number }[]>();

/** Keeps a list's folds as it goes away. */
export function keepFolds(key: string, folded: boolean[] | undefined, now = Date.now()) {
  const queue = kept.get(key) ?? [];
  queue.push({ folded, at: now });
  kept.set(key, queue);
}

/** The folds a list with this key had a moment ago, if any (each given back once). */
export function takeFolds(key: string, now = Date.now()): boolean[] | undefined {
  const queue = kept.get(key);
  while (queue?.length) {
    const next = queue.shift()!;
    if (now - next.at <= KEEP_MS) return next.folded;
  }
  return undefined;
}

interface ListProps {
  field: { get(key: string): unknown };
  /** The list's entries (an Immutable list). */
  value?: { toJS(): unknown };
  [prop: string]: unknown;
}

type Inner = { isValid?: () => unknown; focus?: (path: string) => void };

/** Decap's list, its folded entries kept while the form is drawn anew. */
export function withKeptFolds(List: ComponentType<ListProps>): ComponentType<ListProps> {
  return class FoldKeepingList extends Component<ListProps> {
    inner = createRef<Inner>();

    /** The list's key among those Decap draws: the entry's address and the field's name. */
    key() {
      return `${location.hash} ${String(this.props.field.get("name"))}`;
    }

    componentDidMount() {
      const inner = this.inner.current;
      const folded = takeFolds(this.key());
      const entries = (this.props.value?.toJS() ?? []) as unknown[];
      if (folded?.length === entries.length) setFoldedEntries(inner, folded);
      // Decap re-draws a list whenever it asks (its errors), and validates its entries through it.
      passOnControlHooks(this as never, inner);
    }

    componentWillUnmount() {
      keepFolds(this.key(), foldedEntries(this.inner.current));
    }

    // Decap calls it unbound (Widget keeps the function, not the control).
    isValid = () => this.inner.current?.isValid?.() ?? true;

    focus(path: string) {
      this.inner.current?.focus?.(path);
    }

    render() {
      return <List {...this.props} ref={this.inner as never} />;
    }
  };
}
