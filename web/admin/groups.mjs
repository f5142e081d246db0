// How the editor groups the content: each group is one collection in the
// editor's sidebar, each file one entry in it; a group with a `folder` is the
// folder's entries (content/people/*.json, one per person), which staff find,
// sort and filter in Decap's own list of the collection. Labels are the staff's words for
// what they edit; the fields come from the files' schemas (./config.mjs).
// Every content/schema/*.schema.json and content/schema/entries/*.schema.json
// must be in exactly one group (checked when the config is generated). A file's label is its page's name where the file
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
    name: "employees",
    label: "People",
    labelSingular: "Person",
    description:
      "The people directory on Who we are, one entry per person. Search, sort or filter the list to find someone; the directory shows them by Position.",
    folder: "people",
    // The file's name: the person's name ("Anna de Vries" -> anna-de-vries.json).
    slug: "{{fields.name}}",
    // Decap's search looks in the summary's fields (and the name): the job
    // title is in it, after a dash only when there is one.
    summary: "{{name}}, {{location}}{{teamShown | ternary(' – ', '')}}{{teamShown}}",
    page: "/who-we-are/{{fields.id}}",
    sort: ["order", "name", "location"],
    // Filters by office and by team (the choices of the entry's own fields).
    filters: ["location", "team"],
    groups: ["location"],
  },
  {
    name: "careers",
    label: "Careers",
    description: "The careers page and the texts every vacancy page shares.",
    files: ["careers"],
    pages: { careers: "/careers" },
  },
  {
    name: "vacancies",
    label: "Vacancies",
    labelSingular: "Vacancy",
    description: "The job openings, one entry per vacancy; Careers shows them by Position.",
    folder: "careers",
    slug: "{{fields.slug}}",
    summary: "{{title}}, {{location}}",
    page: "/careers/{{fields.slug}}",
    sort: ["order", "title", "datePosted"],
    filters: ["office"],
    groups: [],
  },
  {
    name: "partners",
    label: "Charity partners",
    labelSingular: "Partner",
    description: "The partner charities on the Charity page, one entry each, shown by Position.",
    folder: "charity",
    slug: "{{fields.id}}",
    summary: "{{name}} ({{theme}})",
    page: "/charity",
    sort: ["order", "name"],
    filters: [],
    groups: [],
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
