import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImageMedia } from "@/lib/media";
import type { PersonCard, PersonDetails } from "@/lib/people";
import { polyfillDialog } from "../dialog-polyfill.test-helper";
import { PeopleDirectory, type PeopleDirectoryProps } from "./PeopleDirectory";

beforeAll(polyfillDialog);

const photo = (name: string): ImageMedia => ({
  name,
  width: 480,
  height: 600,
  color: "#687868",
  avif: [{ w: 480, src: `/media/img/${name}.avif` }],
  webp: [{ w: 480, src: `/media/img/${name}.webp` }],
});
const teams = ["Management Team", "Finance", "Investments"];
const locations = ["Amsterdam", "Dublin", "Copenhagen", "Helsinki"];
// Stored order (previous/next) differs from the directory's (by first team).
const rows: Array<[number, string, string[], string]> = [
  [4, "Bram Hendriks", ["Investments"], "Amsterdam"],
  [7, "Aoife Kennedy", ["Finance"], "Dublin"],
  [1, "Maarten van Veldhoven", ["Management Team"], "Amsterdam"],
  ...Array.from({ length: 12 }, (_, i): [number, string, string[], string] => [
    20 + i,
    `Colleague ${i}`,
    ["Investments"],
    locations[i % 4]!,
  ]),
];
const people: PersonCard[] = rows.map(([id, name, team, location]) => ({
  id,
  name,
  team,
  teamShown: "",
  location,
  image: photo(`p${id}`),
}));
const details: PersonDetails[] = rows.map(([id, name]) => ({
  id,
  description: `About ${name}.`,
  email: `${id}@example.eu`,
}));
const props: PeopleDirectoryProps = {
  people,
  details,
  locations,
  teams,
  labels: {
    directory: {
      heading: "Meet our people",
      searchLabel: "Search by name",
      searchPlaceholder: "Type a name",
      locationsLabel: "Location",
      teamsLabel: "Team",
      filterButton: "Filter people",
      dialogTitle: "Who are you looking for?",
      applyLabel: "Search",
      loadMoreLabel: "Load more",
      clearLabel: "Clear filters",
      emptyText: "No one matches these filters.",
      resultOne: "1 person",
      resultMany: "{count} people",
      moreShown: "{added} more shown, {shown} of {total}",
    },
    popup: {
      previousLabel: "Previous colleague",
      nextLabel: "Next colleague",
      closeLabel: "Close",
      navLabel: "Colleagues",
      emailLabel: "Send an e-mail",
      linkedinLabel: "LinkedIn profile",
      livLabel: "On the LIV platform",
    },
  },
  siteName: "Veldhaven",
  directoryTitle: "Who we are | Veldhaven",
};

beforeEach(() => {
  // Reduced motion: the popup's slide-out takes no time.
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("reduce"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  window.history.replaceState(null, "", "/who-we-are");
  document.title = "";
});
afterEach(() => vi.unstubAllGlobals());

/** Lets the popup's (zero) slide-out timer and the modal upgrade run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));
const url = () => window.location.pathname + window.location.search;
const region = () => screen.getByRole("region", { name: "Meet our people" });
const cardNames = () =>
  within(region())
    .getAllByRole("listitem")
    .map((li) => li.querySelector("a span:nth-child(2)")?.textContent);
const popup = () =>
  document.querySelector<HTMLDialogElement>("dialog[aria-labelledby='employee-popup-name']")!;

describe("PeopleDirectory", () => {
  it("lists everyone sorted by first team, each card a link to their page", () => {
    render(<PeopleDirectory {...props} />);
    expect(cardNames().slice(0, 3)).toEqual([
      "Maarten van Veldhoven",
      "Aoife Kennedy",
      "Bram Hendriks",
    ]);
    expect(screen.getByRole("status").textContent).toBe(`${people.length} people`);
    expect(screen.getByRole("link", { name: /Aoife Kennedy/ }).getAttribute("href")).toBe(
      "/who-we-are/7",
    );
    expect(popup().open).toBe(false);
  });

  it("keeps the filter in the query without a new history entry, and links keep it", () => {
    render(<PeopleDirectory {...props} />);
    const length = window.history.length;
    fireEvent.click(within(region()).getAllByRole("button", { name: "Dublin" })[0]!);
    expect(url()).toBe("/who-we-are?location=dublin");
    expect(window.history.length).toBe(length);
    fireEvent.change(within(region()).getAllByRole("searchbox")[0]!, { target: { value: "ao" } });
    expect(url()).toBe("/who-we-are?q=ao&location=dublin");
    expect(cardNames()).toEqual(["Aoife Kennedy"]);
    expect(screen.getByRole("status").textContent).toBe("1 person");
    expect(screen.getByRole("link", { name: /Aoife Kennedy/ }).getAttribute("href")).toBe(
      "/who-we-are/7?q=ao&location=dublin",
    );
  });

  it("reads the filter from the URL after hydration", () => {
    window.history.replaceState(null, "", "/who-we-are?team=finance");
    render(<PeopleDirectory {...props} />);
    expect(cardNames()).toEqual(["Aoife Kennedy"]);
  });

  it("opens the popup on a card in a new history entry, with the person's title", async () => {
    render(<PeopleDirectory {...props} />);
    const length = window.history.length;
    fireEvent.click(screen.getByRole("link", { name: /Aoife Kennedy/ }));
    await settle();
    expect(url()).toBe("/who-we-are/7");
    expect(window.history.length).toBe(length + 1);
    expect(document.title).toBe("Aoife Kennedy, Finance | Veldhaven");
    expect(popup().matches(":modal")).toBe(true);
    expect(within(popup()).getByRole("heading", { name: "Aoife Kennedy" })).toBeTruthy();
    expect(within(popup()).getByText("About Aoife Kennedy.")).toBeTruthy();
  });

  it("leaves a click with a modifier to the browser (new tab)", () => {
    render(<PeopleDirectory {...props} />);
    const link = screen.getByRole("link", { name: /Aoife Kennedy/ });
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(url()).toBe("/who-we-are");
    expect(popup().open).toBe(false);
  });

  it("walks the stored order with replaced entries, hiding previous and next at the ends", async () => {
    window.history.replaceState(null, "", "/who-we-are/4");
    render(<PeopleDirectory {...props} openId={4} />);
    await settle();
    const length = window.history.length;
    const nav = () => within(popup()).getByRole("navigation", { name: "Colleagues" });
    expect(within(nav()).queryByRole("link", { name: /Previous colleague/ })).toBeNull();
    fireEvent.click(within(nav()).getByRole("link", { name: /Next colleague/ }));
    await settle();
    expect(url()).toBe("/who-we-are/7");
    expect(window.history.length).toBe(length);
    expect(within(popup()).getByRole("heading", { name: "Aoife Kennedy" })).toBeTruthy();
    expect(popup().querySelector("article")?.dataset.enter).toBe("next");
    fireEvent.click(within(nav()).getByRole("link", { name: /Previous colleague/ }));
    await settle();
    expect(url()).toBe("/who-we-are/4");
    expect(popup().querySelector("article")?.dataset.enter).toBe("previous");
  });

  it("closes back to /who-we-are with the query kept, and focuses the person's card", async () => {
    window.history.replaceState(null, "", "/who-we-are/7?team=finance");
    render(<PeopleDirectory {...props} openId={7} />);
    await settle();
    fireEvent.click(within(popup()).getByRole("button", { name: "Close" }));
    await settle();
    expect(url()).toBe("/who-we-are?team=finance");
    expect(document.title).toBe("Who we are | Veldhaven");
    expect(popup().open).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole("link", { name: /Aoife Kennedy/ }));
  });

  it("follows the back and forward buttons", async () => {
    render(<PeopleDirectory {...props} />);
    fireEvent.click(screen.getByRole("link", { name: /Bram Hendriks/ }));
    await settle();
    expect(popup().open).toBe(true);
    // What the browser does on Back: the URL changes, then popstate.
    window.history.replaceState(null, "", "/who-we-are");
    await act(async () => void window.dispatchEvent(new PopStateEvent("popstate")));
    expect(popup().open).toBe(false);
    expect(document.title).toBe("Who we are | Veldhaven");
    window.history.replaceState(null, "", "/who-we-are/4");
    await act(async () => void window.dispatchEvent(new PopStateEvent("popstate")));
    await settle();
    expect(popup().open).toBe(true);
    expect(within(popup()).getByRole("heading", { name: "Bram Hendriks" })).toBeTruthy();
    expect(document.title).toBe("Bram Hendriks, Investments | Veldhaven");
  });

  it("shows 8 on phones, then 10 more per Load more", () => {
    render(<PeopleDirectory {...props} />);
    const items = () => within(region()).getAllByRole("listitem");
    const hidden = () => items().filter((li) => li.className !== "").length;
    expect(hidden()).toBe(people.length - 8);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(hidden()).toBe(0);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});

describe("PeopleDirectory prerendered", () => {
  it("has the open person's popup in the HTML, open without script", () => {
    const html = renderToString(<PeopleDirectory {...props} openId={7} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const dialog = doc.querySelector("dialog[aria-labelledby='employee-popup-name']")!;
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(dialog.querySelector("h2")?.textContent).toBe("Aoife Kennedy");
    expect(dialog.textContent).toContain("About Aoife Kennedy.");
    expect(dialog.querySelector("a[href='/who-we-are/4']")).not.toBeNull();
  });

  it("hydrates with the popup open and leaves focus in the search field behind it", async () => {
    // A visitor on /who-we-are/7 clicked the search field below the popup and
    // is typing when the script arrives: the letters keep going there.
    window.history.replaceState(null, "", "/who-we-are/7");
    const container = document.createElement("div");
    container.innerHTML = renderToString(<PeopleDirectory {...props} openId={7} />);
    document.body.append(container);
    const search = within(container).getByRole<HTMLInputElement>("searchbox");
    search.focus();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <PeopleDirectory {...props} openId={7} />);
    });
    await settle();
    expect(document.activeElement).toBe(search);
    expect(popup().matches(":modal")).toBe(false);
    fireEvent.change(search, { target: { value: "aoi" } });
    await settle();
    expect(url()).toBe("/who-we-are/7?q=aoi");
    // Into the popup, it becomes modal.
    act(() => within(popup()).getByRole("button", { name: "Close" }).focus());
    expect(popup().matches(":modal")).toBe(true);
    act(() => root?.unmount());
    container.remove();
  });

  it("has no popup content on /who-we-are", () => {
    const html = renderToString(<PeopleDirectory {...props} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const dialog = doc.querySelector("dialog[aria-labelledby='employee-popup-name']")!;
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(dialog.querySelector("article")).toBeNull();
  });
});
