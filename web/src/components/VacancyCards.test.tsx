import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { vacancies } from "@/lib/careers";
import { VacancyCards } from "./VacancyCards";

function renderCards(list: typeof vacancies) {
  const Stub = createRoutesStub([
    { path: "/careers", Component: () => <VacancyCards vacancies={list} /> },
  ]);
  render(<Stub initialEntries={["/careers"]} />);
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
});
