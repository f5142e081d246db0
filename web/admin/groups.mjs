// How the editor groups the content files: each group is one collection in the
// editor's sidebar, each file one entry in it. Labels are the staff's words for
// what they edit; the fields come from the files' schemas (./config.mjs).
// Every content/schema/*.schema.json must be in exactly one group (checked when
// the config is generated). A file's label is its page's name where the file
// name is not (people.json is the Who we are page).
//
// `pages` names, for each file, the page its entry is on: the editor's "View
// preview" link (Decap's preview_path) opens that page of the pull request's
// preview deployment, "View live" the same page of the site. Firm-wide files
// (menu, footer, titles) open the home page, which shows them.
export const editorGroups = [
  {
    name: "pages",
    label: "Pages",
    description: "The text and images of each page of the site.",
    files: [
      "home",
      "what-we-do",
      "people",
      "charity",
      "insights",
      "governance",
      "contact",
      "privacy",
    ],
    labels: {
      people: "Who we are",
      insights: "Latest insights",
      privacy: "Privacy statement",
    },
    pages: {
      home: "/",
      "what-we-do": "/what-we-do",
      people: "/who-we-are",
      charity: "/charity",
      insights: "/latest-insights",
      governance: "/governance",
      contact: "/contact",
      privacy: "/privacy-statement",
    },
  },
  {
    name: "people",
    label: "People",
    description: "The people directory on Who we are: add, remove, reorder, change a portrait.",
    files: ["employees"],
    pages: { employees: "/who-we-are" },
  },
  {
    name: "careers",
    label: "Careers",
    description: "The careers page, the texts every vacancy page shares, and the job openings.",
    files: ["careers"],
    pages: { careers: "/careers" },
  },
  {
    name: "site",
    label: "Site",
    description:
      "Firm-wide details (name, phone, e-mail, offices, navigation, footer) and each page's title and description.",
    files: ["site", "pages"],
    labels: { site: "Firm details, menu and footer", pages: "Page titles and descriptions" },
    pages: { site: "/", pages: "/" },
  },
];
