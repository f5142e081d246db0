import { readFileSync } from "node:fs";
import { fireEvent, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import contact from "#content/contact.json";
import site from "#content/site.json";
import { wireAccordion } from "@/lib/accordion";
import { OfficeAccordion } from "./OfficeAccordion";

const button = (city: string) => screen.getByRole("button", { name: new RegExp(`^${city}`) });
const expanded = () =>
  screen
    .getAllByRole("button")
    .filter((b) => b.getAttribute("aria-expanded") === "true")
    .map((b) => b.id);

/** The prerendered accordion, wired as the contact page's script does. */
let undo: () => void;
beforeEach(() => {
  document.body.innerHTML = renderToStaticMarkup(<OfficeAccordion contact={contact} site={site} />);
  undo = wireAccordion(document);
});
afterEach(() => undo());

describe("OfficeAccordion", () => {
  it("starts closed; disclosure buttons control their panels", () => {
    expect(expanded()).toEqual([]);
    const dublin = button("Dublin");
    const panel = document.getElementById(dublin.getAttribute("aria-controls")!)!;
    expect(panel.hidden).toBe(true);
    expect(panel.getAttribute("role")).toBe("region");
    expect(panel.getAttribute("aria-labelledby")).toBe(dublin.id);
    fireEvent.click(dublin);
    expect(dublin.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toContain("D02 YX78");
  });

  it("keeps one open at a time and closes the open one on a second click", () => {
    fireEvent.click(button("Amsterdam"));
    fireEvent.click(button("Helsinki"));
    expect(expanded()).toEqual(["office-helsinki"]);
    fireEvent.click(button("Helsinki"));
    expect(expanded()).toEqual([]);
  });

  it("opens from a click on the label inside the button", () => {
    fireEvent.click(button("Copenhagen").querySelector("span")!);
    expect(expanded()).toEqual(["office-copenhagen"]);
  });

  it("moves focus with the arrow keys, Home and End", () => {
    button("Amsterdam").focus();
    fireEvent.keyDown(button("Amsterdam"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(button("Dublin"));
    fireEvent.keyDown(button("Dublin"), { key: "End" });
    expect(document.activeElement).toBe(button("Helsinki"));
    fireEvent.keyDown(button("Helsinki"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(button("Amsterdam"));
    fireEvent.keyDown(button("Amsterdam"), { key: "ArrowUp" });
    expect(document.activeElement).toBe(button("Helsinki"));
    fireEvent.keyDown(button("Helsinki"), { key: "Home" });
    expect(document.activeElement).toBe(button("Amsterdam"));
  });

  it("does nothing once unwired", () => {
    undo();
    fireEvent.click(button("Dublin"));
    expect(expanded()).toEqual([]);
  });

  it("shows every panel when the browser runs no script", () => {
    const css = readFileSync(`${__dirname}/contact.module.css`, "utf8").replace(/\s+/g, " ");
    expect(css).toMatch(/@media \(scripting: none\) \{ \.panel\[hidden\] \{ display: grid; \}/);
  });
});
