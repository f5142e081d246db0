import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { confirmingListControl, removeQuestion } from "./confirm-remove";

const field = (fields: boolean) => ({
  get: (key: string) =>
    ({ fields: fields ? [{}] : undefined, label_singular: "Vacancy", label: "Vacancies" })[key],
});

// Decap's list entry, as far as the wrapper reads it: a bar of [chevron, handle, x], then the label.
function FakeList({ onRemove }: { field: unknown; onRemove?: () => void }) {
  return (
    <div>
      <div>
        <button type="button">chevron</button>
        <span />
        <button type="button" aria-label="x" onClick={onRemove} />
      </div>
      <p>Senior analyst</p>
    </div>
  );
}

describe("confirmingListControl", () => {
  it("asks before an entry of a list of objects is removed, naming it", () => {
    const onRemove = vi.fn();
    const confirm = vi.fn(() => false);
    const List = confirmingListControl(FakeList as never, confirm);
    render(<List field={field(true)} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole("button", { name: "x" }));
    expect(confirm).toHaveBeenCalledWith(removeQuestion("Vacancy", "Senior analyst"));
    expect(onRemove).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole("button", { name: "x" }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it("does not ask for the fold button or for a list of single texts", () => {
    const confirm = vi.fn(() => false);
    const onRemove = vi.fn();
    const Texts = confirmingListControl(FakeList as never, confirm);
    render(<Texts field={field(false)} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole("button", { name: "x" }));
    fireEvent.click(screen.getByRole("button", { name: "chevron" }));
    expect(confirm).not.toHaveBeenCalled();
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});

describe("removeQuestion", () => {
  it("names the entry and says when it takes effect", () => {
    expect(removeQuestion("Vacancy", "Analyst")).toMatch(/^Remove the vacancy “Analyst”\? .*save/);
    expect(removeQuestion("Employee", "")).toMatch(/^Remove this employee\?/);
  });
});
