// The types of the firm's site-wide content files (content/site.json,
// content/pages.json). Content is validated against its JSON Schema before
// every build (scripts/validate-content.mjs), so these types describe data
// that is known to be well formed. Nothing here reads content/: page shells
// import the files and pass them on, the editor's previews pass the entry.

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

/** Title, description, heading and intro of a static page in content/pages.json; throws for a page it lacks. */
export function pageMeta(pages: object, path: string): PageMeta {
  const entry = Object.hasOwn(pages, path) ? (pages as Record<string, PageMeta>)[path] : undefined;
  if (!entry) throw new Error(`content/pages.json has no entry for ${path}`);
  return entry;
}

/** Entries by their `order`, without it: the site shows the order, not the number. */
export function inOrder<T extends { order: number }>(entries: readonly T[]): Omit<T, "order">[] {
  return [...entries].sort((a, b) => a.order - b.order).map(({ order: _order, ...data }) => data);
}
