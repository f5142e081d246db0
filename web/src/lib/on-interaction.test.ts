import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { polyfillDialog } from "@/components/dialog-polyfill.test-helper";
import onInteraction, { leavesThePage, replay, replayTyped } from "./on-interaction";

beforeAll(polyfillDialog);
afterEach(() => document.body.replaceChildren());

/** An island with a card link, a filter button and an open popup with a next link. */
function island() {
  const el = document.createElement("astro-island");
  el.innerHTML = `
    <a id="card" href="/who-we-are/2"><span>Card</span></a>
    <button id="filter" type="button">Dublin</button>
    <a id="mail" href="mailto:a@example.com">Mail</a>
    <dialog open><a id="next" href="/who-we-are/3">Next</a><p id="text">Text</p></dialog>`;
  document.body.append(el);
  return el;
}

/** The directive on `el`, with a load whose hydration the test controls. */
function directive(el: HTMLElement) {
  let hydrated!: () => void;
  const hydrate = vi.fn(() => new Promise<void>((resolve) => (hydrated = resolve)));
  const load = vi.fn(async () => hydrate);
  onInteraction(load, { name: "PeopleDirectory", value: "" }, el);
  const settle = async () => {
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    hydrated();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { load, settle };
}

const click = (target: Element, init: MouseEventInit = {}) =>
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ...init }));

describe("leavesThePage", () => {
  const origin = window.location.origin;
  const link = (html: string) => {
    document.body.innerHTML = html;
    return document.body.querySelector("span") ?? document.body.firstElementChild;
  };
  it.each([
    { html: `<a href="/who-we-are/2"><span>x</span></a>`, leaves: false },
    { html: `<a href="/who-we-are/2" target="_self">x</a>`, leaves: false },
    { html: `<button>x</button>`, leaves: false },
    { html: `<a href="mailto:a@example.com">x</a>`, leaves: true },
    { html: `<a href="https://www.linkedin.com/in/x">x</a>`, leaves: true },
    { html: `<a href="/who-we-are/2" target="_blank">x</a>`, leaves: true },
    { html: `<a href="/file.pdf" download>x</a>`, leaves: true },
  ])("$html: $leaves", ({ html, leaves }) => {
    expect(leavesThePage(link(html), origin)).toBe(leaves);
  });
});

describe("client:interaction", () => {
  it("loads nothing until the visitor reaches for the island", async () => {
    const el = island();
    const { load } = directive(el);
    el.dispatchEvent(new Event("scroll"));
    document.body.dispatchEvent(new MouseEvent("pointerover", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).not.toHaveBeenCalled();
  });

  it.each(["pointerdown", "focusin", "keydown"])("loads on %s inside it", async (type) => {
    const el = island();
    const { load } = directive(el);
    el.querySelector("#filter")!.dispatchEvent(new Event(type, { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not load for focus the page moves while it is parsed (its popup made modal)", async () => {
    const el = island();
    const { load } = directive(el);
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    el.querySelector("#next")!.dispatchEvent(new Event("focusin", { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    // The visitor's first key does.
    el.querySelector("#next")!.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    readyState.mockRestore();
  });

  it("holds a first plain click and gives it again once hydrated, once", async () => {
    const el = island();
    const { settle } = directive(el);
    const seen: string[] = [];
    el.addEventListener("click", (e) => seen.push((e.target as Element).id || "span"));
    const span = el.querySelector("#card span")!;
    expect(click(span)).toBe(false); // default prevented: no page load
    expect(seen).toEqual([]);
    await settle();
    expect(seen).toEqual(["span"]);
    click(el.querySelector("#filter")!);
    expect(seen).toEqual(["span", "filter"]); // after hydration: untouched
  });

  it("announces text typed before hydration once hydrated", async () => {
    const el = island();
    el.insertAdjacentHTML("afterbegin", `<input id="q" type="search" value="">`);
    const { settle } = directive(el);
    const field = el.querySelector<HTMLInputElement>("#q")!;
    field.value = "va";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.value = "van";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    const seen: string[] = [];
    el.addEventListener("input", () => seen.push(field.value)); // the island, once hydrated
    await settle();
    expect(seen).toEqual(["", "van"]);
  });

  it("leaves a click with a modifier, or out of the site, to the browser", async () => {
    const el = island();
    const { load } = directive(el);
    expect(click(el.querySelector("#card")!, { ctrlKey: true })).toBe(true);
    expect(click(el.querySelector("#mail")!)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("makes the open dialog modal on a press inside it, not on one behind it", () => {
    const el = island();
    directive(el);
    const dialog = el.querySelector("dialog")!;
    el.querySelector("#filter")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(dialog.matches(":modal")).toBe(false);
    el.querySelector("#text")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(dialog.matches(":modal")).toBe(true);
  });

  it("takes a key press anywhere for the open popup: Tab moves into it", () => {
    const el = island();
    const { load } = directive(el);
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    expect(document.body.dispatchEvent(tab)).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    expect(el.querySelector("dialog")!.matches(":modal")).toBe(true);
  });

  it("leaves focus in a control behind the popup that a key is for", () => {
    const el = island();
    const { load } = directive(el);
    const filter = el.querySelector<HTMLButtonElement>("#filter")!;
    filter.focus();
    filter.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(el.querySelector("dialog")!.matches(":modal")).toBe(false);
    expect(document.activeElement).toBe(filter);
  });

  it("holds Escape and gives it to the island as the dialog's cancel", async () => {
    const el = island();
    const { settle } = directive(el);
    const dialog = el.querySelector("dialog")!;
    const escape = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    document.body.dispatchEvent(escape);
    expect(dialog.open).toBe(true);
    const cancelled = vi.fn((e: Event) => e.preventDefault());
    dialog.addEventListener("cancel", cancelled); // the island's own listener
    await settle();
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true); // the island closes it its own way
  });
});

describe("replayTyped", () => {
  it("tells the island the prerendered value, then the typed text, and keeps the caret", () => {
    document.body.innerHTML = `<input type="search" value="">`;
    const field = document.querySelector("input")!;
    field.value = "van";
    field.setSelectionRange(2, 2);
    const seen: string[] = [];
    field.addEventListener("input", () => seen.push(field.value));
    replayTyped(field);
    expect(seen).toEqual(["", "van"]);
    expect(field.value).toBe("van");
    expect(field.selectionStart).toBe(2);
  });

  it("says nothing when nothing was typed", () => {
    document.body.innerHTML = `<input type="search" value="x">`;
    const field = document.querySelector("input")!;
    const input = vi.fn();
    field.addEventListener("input", input);
    replayTyped(field);
    expect(input).not.toHaveBeenCalled();
  });
});

describe("replay", () => {
  it("closes a dialog nobody answers, as the browser would", () => {
    document.body.innerHTML = `<dialog open></dialog>`;
    const dialog = document.querySelector("dialog")!;
    replay({ kind: "close", dialog });
    expect(dialog.open).toBe(false);
  });
});
