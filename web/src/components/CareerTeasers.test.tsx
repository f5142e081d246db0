import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { careers } from "@/lib/bundled-entries";
import type { Vacancy } from "@/lib/careers";
import { CareerTeasers } from "./CareerTeasers";

const { page, vacancies } = careers;

function renderTeasers(list: readonly Vacancy[] = vacancies) {
  render(<CareerTeasers teasers={page.teasers} vacancies={list} />);
}

const withTitle = (title: string, slug: string): Vacancy => ({ ...vacancies[0]!, title, slug });

describe("CareerTeasers", () => {
  it("links the first three vacancies and has a More careers button", () => {
    const list = [...vacancies, withTitle("Fourth", "fourth")];
    renderTeasers(list);
    const links = screen
      .getAllByRole("link")
      .filter((a) => a.getAttribute("href")?.startsWith("/careers/"));
    expect(links.map((a) => a.getAttribute("href"))).toEqual(
      list.slice(0, 3).map((v) => `/careers/${v.slug}`),
    );
    expect(screen.getByRole("link", { name: "More careers" }).getAttribute("href")).toBe(
      "/careers",
    );
  });

  it("cuts a long title to 20 characters plus an ellipsis, keeping the full title for assistive technology and as a tooltip", () => {
    renderTeasers([
      withTitle("Asset Manager Residential", "a"),
      withTitle("Investment Intern", "b"),
    ]);
    const long = screen.getByRole("link", { name: /^Asset Manager Residential/ });
    expect(long.getAttribute("title")).toBe("Asset Manager Residential");
    expect(long.querySelector('[aria-hidden="true"]')?.textContent).toBe("Asset Manager Reside…");
    const short = screen.getByRole("link", { name: /^Investment Intern/ });
    expect(short.getAttribute("title")).toBeNull();
    expect(short.textContent).toContain("Investment Intern");
  });

  it("given the content's vacancies, shows their first three", () => {
    renderTeasers();
    const links = screen
      .getAllByRole("link")
      .filter((a) => a.getAttribute("href")?.startsWith("/careers/"));
    expect(links.map((a) => a.getAttribute("href"))).toEqual(
      vacancies.slice(0, 3).map((v) => `/careers/${v.slug}`),
    );
  });

  it("shows only the button when there are no vacancies", () => {
    renderTeasers([]);
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getByRole("link", { name: "More careers" })).toBeTruthy();
  });
});
