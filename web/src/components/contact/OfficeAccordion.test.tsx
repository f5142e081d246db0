import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OfficeAccordion } from "./OfficeAccordion";

const button = (city: string) => screen.getByRole("button", { name: new RegExp(`^${city}`) });
const expanded = () =>
  screen
    .getAllByRole("button")
    .filter((b) => b.getAttribute("aria-expanded") === "true")
    .map((b) => b.id);

describe("OfficeAccordion", () => {
  it("starts closed; disclosure buttons control their panels", () => {
    render(<OfficeAccordion />);
    expect(expanded()).toEqual([]);
    const dublin = button("Dublin");
    const panel = document.getElementById(dublin.getAttribute("aria-controls")!)!;
    expect(panel.hidden).toBe(true);
    fireEvent.click(dublin);
    expect(dublin.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toContain("D02 YX78");
  });

  it("keeps one open at a time and closes the open one on a second click", () => {
    render(<OfficeAccordion />);
    fireEvent.click(button("Amsterdam"));
    fireEvent.click(button("Helsinki"));
    expect(expanded()).toEqual(["office-helsinki"]);
    fireEvent.click(button("Helsinki"));
    expect(expanded()).toEqual([]);
  });

  it("moves focus with the arrow keys, Home and End", () => {
    render(<OfficeAccordion />);
    button("Amsterdam").focus();
    fireEvent.keyDown(button("Amsterdam"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(button("Dublin"));
    fireEvent.keyDown(button("Dublin"), { key: "End" });
    expect(document.activeElement).toBe(button("Helsinki"));
    fireEvent.keyDown(button("Helsinki"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(button("Amsterdam"));
    fireEvent.keyDown(button("Amsterdam"), { key: "ArrowUp" });
    expect(document.activeElement).toBe(button("Helsinki"));
  });
});
