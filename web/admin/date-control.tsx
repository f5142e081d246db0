// A date field (the schemas' date pattern: Date posted, Valid through): the
// browser's own date box, whose value is already written as the content writes
// it (2026-12-31), passed on unchanged. Decap's datetime widget re-read every
// keystroke through dayjs and wrote the result back into the box: while the
// year was being typed ("0002", "0020", "0202"), dayjs turned it into 1902 and
// the box jumped there, so "11262026" typed from the month was saved as
// 1906-11-26. Here the box keeps what was typed; a date left half
// typed is refused at the save with a message, not saved as empty.
import { Component, createRef } from "react";

interface DateProps {
  forID: string;
  value: unknown;
  field: { get(key: string): unknown };
  classNameWrapper: string;
  onChange(value: string): void;
  setActiveStyle(): void;
  setInactiveStyle(): void;
}

/** Why a date box's state cannot be saved, or undefined. `badInput`: the box holds a half-typed date. */
export function halfTypedProblem(label: string, badInput: boolean): string | undefined {
  if (!badInput) return undefined;
  return `${label} is not a whole date: fill in the month, the day and the year, e.g. 12/31/2026, or clear it.`;
}

export class DateControl extends Component<DateProps> {
  box = createRef<HTMLInputElement>();

  // Decap calls it unbound before a save (Widget keeps the function, not the control).
  isValid = () => {
    const label = String(this.props.field.get("label") ?? this.props.field.get("name"));
    const message = halfTypedProblem(label, Boolean(this.box.current?.validity.badInput));
    return message ? { error: { type: "CUSTOM", message } } : true;
  };

  render() {
    const { forID, value, classNameWrapper, onChange, setActiveStyle, setInactiveStyle } =
      this.props;
    return (
      <input
        ref={this.box}
        id={forID}
        className={classNameWrapper}
        type="date"
        value={typeof value === "string" ? value : ""}
        onChange={(event) => onChange(event.target.value)}
        onFocus={setActiveStyle}
        onBlur={setInactiveStyle}
      />
    );
  }
}
