// Typed access to the firm's content files. Content is validated against its
// JSON Schema before every build (scripts/validate-content.mjs), so these
// types describe data that is known to be well formed.
import pagesJson from "#content/pages.json";
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
  /** og:locale of link previews, e.g. "en_GB". */
  ogLocale: string;
  /** Year (or yyyy-mm[-dd]) the firm was founded. */
  foundingDate: string;
  /** Name of the firm's square mark in content/media/logos. */
  logo: string;
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

const pages = pagesJson as unknown as Record<string, PageMeta>;

/** Title, description, heading and intro of a static page (content/pages.json). */
export function pageMeta(path: string): PageMeta {
  const entry = Object.hasOwn(pages, path) ? pages[path] : undefined;
  if (!entry) throw new Error(`content/pages.json has no entry for ${path}`);
  return entry;
}
