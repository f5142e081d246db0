// Decap validates a field before a save with its `required` and `pattern`, and
// then asks the field's control `isValid()`. The controls registered here wrap
// Decap's own and answer it with the rules between values (./field-rules.ts:
// unique slugs and ids, choices from another file, dates in order, Markdown
// without HTML), so a save the build would refuse is refused on the field, in
// the build's words.
import { Component, createRef, type ComponentType } from "react";
import { nextId } from "../lib/content-rules.mjs";
import { noteValidation, passOnControlHooks, type Immutable } from "./decap-internals";
import { fieldProblems, type RuleField } from "./field-rules";

type ImmutableLike = Pick<Immutable, "get" | "getIn" | "toJS">;

interface ControlProps {
  field: ImmutableLike;
  value: unknown;
  forID: string;
  onChange(value: unknown): void;
  getEntry(): ImmutableLike | undefined;
  parentIds?: string[];
  classNameWrapper: string;
  [prop: string]: unknown;
}

type Validity =
  boolean | { error: false | { type: string; message: string; parentIds?: string[] } };

type Validated = { isValid?: () => Validity | Promise<unknown> };

function plain(value: unknown): unknown {
  return value && typeof value === "object" && "toJS" in value
    ? (value as ImmutableLike).toJS()
    : value;
}

/**
 * What the control's rules say about its value now.
 * @param opened the value the field had when the control was drawn
 */
function problemsOf(props: ControlProps, opened: unknown): string[] {
  const field = props.field.toJS() as RuleField;
  const entry = props.getEntry();
  const data = entry?.get("data") as ImmutableLike | undefined;
  const value = plain(props.value);
  const unchanged = value !== undefined && value !== "" && value === plain(opened);
  const slug = entry?.get("newRecord") ? "" : String(entry?.get("slug") ?? "");
  return fieldProblems(field, value, data?.toJS() as Record<string, unknown>, unchanged, slug);
}

/** A control that also answers `isValid()` with the field's rules. */
export function withRules(Control: ComponentType<ControlProps>): ComponentType<ControlProps> {
  return class RuleControl extends Component<ControlProps> {
    inner = createRef<Validated>();
    /** The value the field was opened with (./field-rules.ts: who is blamed for a duplicate). */
    opened = this.props.value;

    componentDidMount() {
      // Before Decap's Widget reads them from this control (its ref comes after this).
      passOnControlHooks(this as never, this.inner.current);
    }

    // Decap calls it unbound (Widget keeps the function, not the control).
    isValid = (): Validity | Promise<unknown> => {
      noteValidation();
      // The control's own refusal first: a rule about a value that is none (a date that is no date) says nothing.
      const own = this.inner.current?.isValid?.() ?? true;
      if (typeof own === "object" && "error" in own && own.error) return own;
      const problems = problemsOf(this.props, this.opened);
      return problems.length > 0
        ? {
            error: { type: "CUSTOM", message: problems.join(" "), parentIds: this.props.parentIds },
          }
        : own;
    };

    /** Decap focuses a field it wants seen (an error) through its control. */
    focus(path?: string) {
      const inner = this.inner.current as { focus?: (path?: string) => void } | null;
      if (inner?.focus) inner.focus(path);
      else document.getElementById(this.props.forID)?.focus();
    }

    render() {
      return <Control {...this.props} ref={this.inner as never} />;
    }
  };
}

/**
 * An id the editor gives, not one staff type: a new entry of the list gets the
 * next free number when it is added; an existing one keeps its own. Shown as
 * a read-only box, so nobody has to look for a number no one else has.
 */
export class AssignedIdControl extends Component<ControlProps> {
  timer: number | undefined;

  componentDidMount() {
    this.assignSoon();
  }

  componentDidUpdate() {
    this.assignSoon();
  }

  componentWillUnmount() {
    window.clearTimeout(this.timer);
  }

  /**
   * After the list has taken in the new entry: a change sent while the list
   * is still adding it would be applied to the list as it was before.
   */
  assignSoon() {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.assign(), 0);
  }

  assign() {
    const { value } = this.props;
    if (typeof value === "number" || (typeof value === "string" && value !== "")) return;
    const unique = (this.props.field.toJS() as RuleField).unique;
    if (unique?.taken) {
      // A folder's new entry: the next number after the other entries'.
      this.props.onChange(nextId(unique.taken.map(([, v]) => v)));
      return;
    }
    const data = this.props.getEntry()?.get("data") as ImmutableLike | undefined;
    const items = unique?.list
      ? (data?.getIn(unique.list) as ImmutableLike | undefined)
      : undefined;
    const list = (items?.toJS() ?? []) as Record<string, unknown>[];
    this.props.onChange(nextId(list.map((item) => item?.[String(this.props.field.get("name"))])));
  }

  // Decap calls it unbound (Widget keeps the function, not the control).
  isValid = (): Validity => {
    noteValidation();
    // An id is never typed: a duplicate one is in the file and blamed on each entry.
    const problems = problemsOf(this.props, undefined);
    return problems.length > 0
      ? { error: { type: "CUSTOM", message: problems.join(" "), parentIds: this.props.parentIds } }
      : true;
  };

  render() {
    const { forID, value, classNameWrapper } = this.props;
    return (
      <input
        id={forID}
        className={classNameWrapper}
        type="text"
        readOnly
        value={value === undefined || value === null ? "" : String(value)}
      />
    );
  }
}
