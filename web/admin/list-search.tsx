// Decap's list has no search: with 61 people, finding one meant opening
// entries one by one. A list whose field has `search` (the schema's
// editor.search, admin/config.mjs) gets a search box above it that shows only
// the entries whose name, job title, office or e-mail (./search-words.ts)
// contains what is typed; the entries stay in their order and are not changed.
import { Component, createRef, type ComponentType } from "react";
import { decapPart, foldedEntries, passOnControlHooks, setFoldedEntries } from "./decap-internals";
import { keepView, takeView } from "./list-memory";
import { searchWords, type SearchField } from "./search-words";

interface ListProps {
  field: { get(key: string): unknown };
  forID: string;
  /** The list's entries (an Immutable list). */
  value?: { toJS(): unknown };
  [prop: string]: unknown;
}

type Inner = { isValid?: () => unknown; focus?: (path: string) => void };

export function withSearch(List: ComponentType<ListProps>): ComponentType<ListProps> {
  return class SearchableList extends Component<
    ListProps,
    { query: string; shown?: number; total?: number }
  > {
    state = {
      query: "",
      shown: undefined as number | undefined,
      total: undefined as number | undefined,
    };
    inner = createRef<Inner>();
    box = createRef<HTMLDivElement>();
    observer?: MutationObserver;

    /** The list's key among those Decap draws: the entry's address and the field's name. */
    viewKey() {
      return `${location.hash} ${String(this.props.field.get("name"))}`;
    }

    componentDidMount() {
      const inner = this.inner.current;
      const view = takeView(this.viewKey());
      if (view) {
        const entries = (this.props.value?.toJS() ?? []) as unknown[];
        if (view.folded?.length === entries.length) setFoldedEntries(inner, view.folded);
        if (view.query) this.setState({ query: view.query }, () => this.filter());
      }
      // Decap re-draws a list whenever it asks (its errors), and validates its entries through it.
      passOnControlHooks(this as never, inner);
      if (this.box.current && this.props.field.get("search")) {
        this.observer = new MutationObserver(() => this.filter());
        this.observer.observe(this.box.current, { childList: true, subtree: true });
      }
    }

    componentWillUnmount() {
      this.observer?.disconnect();
      keepView(this.viewKey(), {
        query: this.state.query,
        folded: foldedEntries(this.inner.current),
      });
    }

    // Decap calls it unbound (Widget keeps the function, not the control).
    isValid = () => this.inner.current?.isValid?.() ?? true;

    focus(path: string) {
      this.setState({ query: "" }, () => this.inner.current?.focus?.(path));
    }

    /** Hides the entries that do not match; an entry open for editing stays. */
    filter() {
      const list = this.box.current?.querySelector(`[id="${CSS.escape(this.props.forID)}"]`);
      if (!list) return;
      const query = this.state.query.trim().toLowerCase();
      const labels = [...list.querySelectorAll<HTMLElement>(decapPart.foldedEntryName)].filter(
        (l) => l.closest(`[id="${CSS.escape(this.props.forID)}"]`) === list,
      );
      const entries = (this.props.value?.toJS() ?? []) as Record<string, unknown>[];
      const fields = ((this.props.field.get("fields") as { toJS(): unknown } | undefined)?.toJS() ??
        []) as SearchField[];
      let shown = 0;
      for (const [index, label] of labels.entries()) {
        const item = label.parentElement;
        if (!item) continue;
        // The entries are drawn in the order of the list's value.
        const entry = entries[index];
        const match = query === "" || !entry || searchWords(entry, fields).includes(query);
        const display = match ? "" : "none";
        if (item.style.display !== display) item.style.display = display;
        if (match) shown += 1;
      }
      if (shown !== this.state.shown || labels.length !== this.state.total) {
        this.setState({ shown, total: labels.length });
      }
    }

    render() {
      if (!this.props.field.get("search"))
        return <List {...this.props} ref={this.inner as never} />;
      const label = String(this.props.field.get("search"));
      const { query, shown, total } = this.state;
      const id = `${this.props.forID}-search`;
      return (
        <div ref={this.box}>
          <div className="editor-list-search">
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              type="search"
              value={query}
              autoComplete="off"
              onChange={(e) => this.setState({ query: e.target.value }, () => this.filter())}
            />
            <p aria-live="polite">
              {query.trim() && shown !== undefined && total !== undefined
                ? `${shown} of ${total} shown`
                : ""}
            </p>
          </div>
          <List {...this.props} ref={this.inner as never} />
        </div>
      );
    }
  };
}
