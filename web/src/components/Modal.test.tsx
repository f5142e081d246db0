import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal";
import { polyfillDialog } from "./dialog-polyfill.test-helper";

beforeAll(polyfillDialog);

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        labelledBy="t"
        closeLabel="Close video"
      >
        <h2 id="t">Title</h2>
      </Modal>
    </>
  );
}

describe("Modal", () => {
  it("closes a dialog open in the HTML through its form, with no script", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    document.body.innerHTML = renderToStaticMarkup(
      <Modal open onClose={() => {}} labelledBy="t" closeLabel="Close">
        <h2 id="t">Title</h2>
      </Modal>,
    );
    const form = document.querySelector("dialog[open] form");
    expect(form?.getAttribute("method")).toBe("dialog");
    expect(form?.querySelector("button")?.getAttribute("type")).toBe("submit");
    document.body.innerHTML = "";
  });

  it("opens as a modal, stops the page scrolling, and closes with the close mark", () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Title" });
    expect(dialog.matches(":modal")).toBe(true);
    expect(document.documentElement.classList.contains("modal-open")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Close video" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.documentElement.classList.contains("modal-open")).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it("closes on Escape (the cancel event) and on a backdrop click, not on a content click", () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(screen.getByRole("heading", { name: "Title" }));
    expect(onClose).not.toHaveBeenCalled();
    const cancel = new Event("cancel", { cancelable: true });
    screen.getByRole("dialog").dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(screen.getByRole("dialog"));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("renders an open dialog with the open attribute, so it shows without JavaScript", () => {
    render(
      <Modal open onClose={() => {}} labelledBy="x">
        <p id="x">Shown</p>
      </Modal>,
    );
    expect(screen.getByRole("dialog").hasAttribute("open")).toBe(true);
  });
});

describe("Modal opened at first render", () => {
  function Initially() {
    const [open, setOpen] = useState(true);
    return (
      <Modal open={open} onClose={() => setOpen(false)} labelledBy="y">
        <h2 id="y">Popup</h2>
      </Modal>
    );
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows at once and becomes modal in a task after the render's own", () => {
    vi.useFakeTimers();
    render(<Initially />);
    const dialog = screen.getByRole<HTMLDialogElement>("dialog", { name: "Popup" });
    expect(dialog.open).toBe(true);
    expect(dialog.matches(":modal")).toBe(false);
    expect(document.documentElement.classList.contains("modal-open")).toBe(false);
    act(() => vi.runAllTimers());
    expect(dialog.matches(":modal")).toBe(true);
    expect(document.documentElement.classList.contains("modal-open")).toBe(true);
  });

  it("stays out of the way of a field behind it that has focus, until focus enters it", () => {
    vi.useFakeTimers();
    const behind = document.createElement("input");
    behind.type = "search";
    document.body.append(behind);
    render(<Initially />);
    behind.focus();
    act(() => vi.runAllTimers());
    const dialog = screen.getByRole<HTMLDialogElement>("dialog", { name: "Popup" });
    expect(dialog.matches(":modal")).toBe(false);
    expect(document.activeElement).toBe(behind);
    expect(document.documentElement.classList.contains("modal-open")).toBe(false);
    act(() => screen.getByRole("button", { name: "Close" }).focus());
    expect(dialog.matches(":modal")).toBe(true);
    expect(document.documentElement.classList.contains("modal-open")).toBe(true);
    behind.remove();
  });

  it("closes for real when the owner closes it", () => {
    vi.useFakeTimers();
    render(<Initially />);
    act(() => vi.runAllTimers());
    const dialog = screen.getByRole<HTMLDialogElement>("dialog", { name: "Popup" });
    expect(dialog.matches(":modal")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog.matches(":modal")).toBe(false);
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(document.documentElement.classList.contains("modal-open")).toBe(false);
  });

  it("closed before it became modal, it never does", () => {
    vi.useFakeTimers();
    render(<Initially />);
    const dialog = screen.getByRole<HTMLDialogElement>("dialog", { name: "Popup" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    act(() => vi.runAllTimers());
    expect(dialog.open).toBe(false);
    expect(dialog.matches(":modal")).toBe(false);
    expect(document.documentElement.classList.contains("modal-open")).toBe(false);
  });

  it("answers Escape from the moment it is drawn, before React's passive effects run", async () => {
    // The directive gives a held Escape to the island as soon as it has
    // hydrated (lib/on-interaction.ts); a mutation observer runs at the same
    // point, after the commit and before the effects scheduled for later.
    const { createRoot } = await import("react-dom/client");
    const onClose = vi.fn();
    const container = document.body.appendChild(document.createElement("div"));
    const answered = new Promise<boolean>((resolve) => {
      new MutationObserver((_, observer) => {
        const dialog = container.querySelector("dialog");
        if (!dialog) return;
        observer.disconnect();
        resolve(!dialog.dispatchEvent(new Event("cancel", { cancelable: true })));
      }).observe(container, { childList: true, subtree: true });
    });
    const root = createRoot(container);
    root.render(
      <Modal open onClose={onClose} labelledBy="t">
        <h2 id="t">Title</h2>
      </Modal>,
    );
    expect(await answered).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    container.remove();
  });
});
