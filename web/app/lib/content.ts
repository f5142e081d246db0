// Typed access to the firm's content files. Content is validated against its
// JSON Schema before every build (scripts/validate-content.mjs), so these
// types describe data that is known to be well formed.
import siteJson from "#content/site.json";

export interface NavLink {
  to: string;
  label: string;
}

export interface Office {
  id: string;
  title: string;
  subtitle: string;
  country: string;
  address: string;
  zipCode: string;
  phoneNumber?: string;
}

export interface Site {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  locale: string;
  url: string;
  phone: string;
  email: { general: string; commercial: string; residential: string; charity: string };
  social: { linkedinCompany: string; linkedinPosts: string; followerLabel: string };
  nav: NavLink[];
  footer: {
    quickAccessHeading: string;
    contactHeading: string;
    contactLinkLabel: string;
    linkedinLabel: string;
    locationsHeading: string;
    locations: string[];
    privacyLabel: string;
    copyrightYear: number;
    portraitCredit: string;
    portraitCreditPaths: string[];
  };
  ui: {
    skipLink: string;
    openMenu: string;
    closeMenu: string;
    newTab: string;
    errorHeading: string;
    errorText: string;
    errorHomeLabel: string;
  };
  notFound: { title: string; heading: string; text: string; homeLabel: string };
  offices: Office[];
}

export interface PageMeta {
  title: string;
  description: string;
  heading: string;
  intro: string;
}

export const site: Site = siteJson;

/** The entries of content/pages.json the loaded routes registered (each only its own). */
const pages = new Map<string, PageMeta>();

/** Makes a page's entry ("virtual:content/pages.json?pick=<path>") known to pageMeta(path). */
export function registerPage(path: string, entry: unknown): void {
  pages.set(path, entry as PageMeta);
}

/** Title, description, heading and intro of a static page; throws for a path its route did not register. */
export function pageMeta(path: string): PageMeta {
  const entry = pages.get(path);
  if (!entry) throw new Error(`no entry of content/pages.json registered for ${path}`);
  return entry;
}
