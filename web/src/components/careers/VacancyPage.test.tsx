import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { careers, employees } from "@/lib/bundled-entries";
import { contactOf, type Vacancy } from "@/lib/careers";
import { VacancyPage } from "./VacancyPage";

const vacancy = careers.vacancies[0]!;
const mediaName = (file: string) => file.replace(/\.[a-z]+$/, "");

function renderPage(v: Vacancy) {
  render(<VacancyPage vacancy={v} contact={contactOf(v, employees)} detail={careers.detail} />);
}

/** The media names of the <source>s and <img> of the profile photo, widest screen first. */
function profilePhotos() {
  const profile = screen.getByRole("region", { name: careers.detail.profileHeading });
  const picture = profile.querySelector("picture")!;
  return [...picture.querySelectorAll("source[type='image/webp'], img")].map((el) => ({
    media: el.getAttribute("media"),
    src: el.getAttribute("srcset") ?? el.getAttribute("src"),
  }));
}

describe("VacancyPage", () => {
  it("shows the contact the vacancy picks from the directory: portrait, job title, name, e-mail", () => {
    const person = employees.find((p) => p.id === vacancy.contact)!;
    renderPage(vacancy);
    const contact = screen.getByRole("region", { name: careers.detail.contactHeading });
    expect(within(contact).getByText(person.name)).toBeTruthy();
    expect(within(contact).getByText(person.teamShown)).toBeTruthy();
    expect(within(contact).getByRole("link", { name: person.email }).getAttribute("href")).toBe(
      `mailto:${person.email}?subject=${encodeURIComponent(vacancy.title)}`,
    );
    expect(contact.querySelector("img")?.getAttribute("src")).toContain(
      `/media/img/${mediaName(person.image)}-`,
    );
  });

  it("cuts the profile photo for every width from one photo, else from the header photo", () => {
    const { profileImage, ...withoutProfile } = vacancy;
    expect(profileImage).toBeDefined();
    renderPage(withoutProfile);
    const photos = profilePhotos();
    expect(photos.map((p) => p.media)).toEqual([
      "(min-width: 1024px)",
      "(min-width: 768px)",
      null,
      null,
    ]);
    for (const { src } of photos)
      expect(src).toContain(`/media/img/${mediaName(vacancy.headerImage)}-`);
  });

  it("shows a photo of its own for phones where the vacancy has one", () => {
    renderPage({ ...vacancy, profileImageMobile: vacancy.roleImage });
    const [desktop, tablet, phone] = profilePhotos();
    expect(desktop!.src).toContain(`/media/img/${mediaName(vacancy.profileImage!)}-`);
    expect(tablet!.src).toContain(`/media/img/${mediaName(vacancy.profileImage!)}-`);
    expect(phone!.src).toContain(`/media/img/${mediaName(vacancy.roleImage)}-`);
  });
});
