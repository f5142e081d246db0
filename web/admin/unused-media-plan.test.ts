import { describe, expect, it } from "vitest";
import { unusedAfterDelete, unusedMediaPlan } from "./unused-media-plan";

const careers = (...vacancies: Record<string, string | number>[]) => JSON.stringify({ vacancies });
const media = [
  "content/media/images/anna.jpg",
  "content/media/images/office.jpg",
  "content/media/images/role.jpg",
  "content/media/images/unrelated.jpg",
];

describe("unusedMediaPlan", () => {
  it("removes the photos only a removed vacancy used, and keeps those others use", () => {
    const plan = unusedMediaPlan({
      before: [
        careers({ id: 1, photo: "role.jpg" }, { id: 2, photo: "anna.jpg", header: "office.jpg" }),
      ],
      saved: [careers({ id: 1, photo: "role.jpg" })],
      others: [JSON.stringify({ offices: [{ image: "office.jpg" }] })],
      media,
      uploads: [],
    });
    expect(plan.remove).toEqual(["content/media/images/anna.jpg"]);
  });

  it("never removes a file the saved file did not name before (another page's, or an unknown one)", () => {
    const plan = unusedMediaPlan({
      before: [careers({ id: 1, photo: "role.jpg" })],
      saved: [careers()],
      others: [],
      media,
      uploads: [],
    });
    expect(plan.remove).toEqual(["content/media/images/role.jpg"]);
  });

  it("counts the draft in review as before: a photo the draft named and the save drops goes", () => {
    const plan = unusedMediaPlan({
      before: [careers({ id: 1, photo: "role.jpg" }), careers({ id: 2, photo: "anna.jpg" })],
      saved: [careers({ id: 1, photo: "role.jpg" })],
      others: [],
      media,
      uploads: [],
    });
    expect(plan.remove).toEqual(["content/media/images/anna.jpg"]);
  });

  it("keeps a photo replaced in a vacancy that stays: staff may switch back to it", () => {
    const plan = unusedMediaPlan({
      before: [careers({ id: 1, photo: "role.jpg" }, { id: 2, photo: "anna.jpg" })],
      saved: [careers({ id: 1, photo: "office.jpg" }, { id: 2, photo: "anna.jpg" })],
      others: [],
      media,
      uploads: [],
    });
    expect(plan.remove).toEqual([]);
  });

  it("keeps a file named inside a longer text", () => {
    const plan = unusedMediaPlan({
      before: [careers({ id: 1, photo: "anna.jpg" })],
      saved: [careers({ text: "See [Anna](/media/anna.jpg)" })],
      others: [],
      media,
      uploads: [],
    });
    expect(plan.remove).toEqual([]);
  });

  it("commits only the uploads the saved file names", () => {
    const plan = unusedMediaPlan({
      before: [careers({ photo: "role.jpg" })],
      saved: [careers({ photo: "role.jpg", card: "new-card.jpg" })],
      others: [],
      media,
      uploads: ["content/media/images/new-card.jpg", "content/media/images/first-try.jpg"],
    });
    expect(plan.keep).toEqual(["content/media/images/new-card.jpg"]);
    expect(plan.remove).toEqual([]);
  });

  it("refuses to guess when a content file does not parse", () => {
    expect(() =>
      unusedMediaPlan({
        before: [careers({ photo: "anna.jpg" })],
        saved: [careers()],
        others: ["{ not json"],
        media,
        uploads: [],
      }),
    ).toThrow(/a content file is not JSON/);
  });
});

describe("unusedAfterDelete", () => {
  it("removes what only the deleted entry named, and keeps what another entry or page names", () => {
    expect(
      unusedAfterDelete({
        deleted: [JSON.stringify({ id: 3, overviewImage: "role.jpg", headerImage: "office.jpg" })],
        others: [
          JSON.stringify({ offices: [{ image: "office.jpg" }] }),
          JSON.stringify({ id: 1, overviewImage: "anna.jpg" }),
        ],
        media,
      }),
    ).toEqual(["content/media/images/role.jpg"]);
  });

  it("refuses to guess when a content file does not parse", () => {
    expect(() =>
      unusedAfterDelete({ deleted: [JSON.stringify({ a: "role.jpg" })], others: ["{"], media }),
    ).toThrow(/a content file is not JSON/);
  });
});
