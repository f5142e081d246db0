import { describe, expect, it } from "vitest";
import insights from "#content/insights.json";
import site from "#content/site.json";
import { feedLabels } from "./insights-content";

describe("feedLabels", () => {
  it("takes the card's logos from the accessor it is given, as src and size only", () => {
    const logo = (file: string) => ({ name: file, src: `/logos/${file}`, width: 48, height: 48 });
    const { card, states } = feedLabels(insights, site, logo);
    expect(card.avatar).toEqual({ src: `/logos/${insights.card.logo}`, width: 48, height: 48 });
    expect(card.placeholder.src).toBe(`/logos/${insights.card.placeholderLogo}`);
    expect(card.siteName).toBe(site.name);
    expect(states.loading).toBe(insights.states.loading);
  });
});
