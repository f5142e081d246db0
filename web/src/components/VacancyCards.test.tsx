import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { careers } from "@/lib/bundled-entries";
import type { Vacancy } from "@/lib/careers";
import { VacancyCards } from "./VacancyCards";

const { page, vacancies } = careers;

function renderCards(list: readonly Vacancy[]) {
  render(<VacancyCards vacancies={list} page={page} />);
}

describe("VacancyCards", () => {
  it("says there are no job openings when the list is empty, and shows no cards", () => {
    renderCards([]);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "Currently we have no job openings.",
    );
    expect(screen.queryByRole("article")).toBeNull();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("lists the openings under their heading, each with a link to its page", () => {
    renderCards(vacancies);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "We currently have the following job openings:",
    );
    expect(screen.getAllByRole("article")).toHaveLength(vacancies.length);
    const links = screen.getAllByRole("link", { name: /^More information/ });
    expect(links.map((a) => a.getAttribute("href"))).toEqual(
      vacancies.map((v) => `/careers/${v.slug}`),
    );
    expect(screen.queryByText("Wordt geladen...")).toBeNull();
  });

  it("shows each card's title, location and a preview of at most 150 characters plus ' ...'", () => {
    renderCards(vacancies);
    const cards = screen.getAllByRole("article");
    vacancies.forEach((v, i) => {
      const card = cards[i]!;
      expect(card.querySelector("h3")?.textContent).toBe(v.title);
      expect(card.textContent).toContain(v.location);
      expect(card.querySelectorAll("img")).toHaveLength(1);
      const preview = card.querySelectorAll("p")[1]?.textContent ?? "";
      expect(Array.from(preview.replace(/ \.\.\.$/, "")).length).toBeLessThanOrEqual(150);
    });
  });
});
