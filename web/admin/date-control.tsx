// A date field (the schemas' date pattern: Date posted, Valid through): a text
// box read day first (./date-words.ts), never in the browser's order, with the
// date it holds written out beside it, so that what staff see is what is
// saved. The browser's date box followed its language: in an en-US browser
// 01-12-2027 was saved as 2027-01-12. Text that is no date is kept in the box
// and refused at the save, in the order the box asks for.
import { Component } from "react";
import { dateAsTyped, readDate } from "./date-words";

interface DateProps {
  forID: string;
  value: unknown;
  classNameWrapper: string;
  onChange(value: string): void;
  setActiveStyle(): void;
  setInactiveStyle(): void;
}

/** The box's text, and the field's value it stands for. */
interface DateState {
  text: string;
  value: unknown;
}

export class DateControl extends Component<DateProps, DateState> {
  state: DateState = { text: dateAsTyped(this.props.value), value: this.props.value };

  // A value set from outside (an entry loaded, a change undone) is shown anew.
  static getDerivedStateFromProps(props: DateProps, state: DateState) {
    return props.value === state.value
      ? null
      : { text: dateAsTyped(props.value), value: props.value };
  }

  // What is not a date is passed on as typed, so that the form counts it as a
  // change and the save is refused here, not saved as the date it was before.
  change(text: string) {
    const read = readDate(text);
    const value = "iso" in read ? read.iso : text;
    this.setState({ text, value });
    this.props.onChange(value);
  }

  // Decap calls it unbound before a save (Widget keeps the function, not the control).
  isValid = () => {
    const read = readDate(this.state.text);
    return "problem" in read ? { error: { type: "CUSTOM", message: read.problem } } : true;
  };

  render() {
    const { forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
    const read = readDate(this.state.text);
    return (
      <div className="date-field">
        <input
          id={forID}
          className={classNameWrapper}
          type="text"
          inputMode="text"
          autoComplete="off"
          placeholder="day-month-year"
          value={this.state.text}
          onChange={(event) => this.change(event.target.value)}
          onFocus={setActiveStyle}
          onBlur={setInactiveStyle}
        />
        <output htmlFor={forID} className="date-words" aria-live="polite">
          {"words" in read ? read.words : "Day, month, year: e.g. 31-12-2027"}
        </output>
      </div>
    );
  }
}
