import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The specification's route table. Every path here except `test` and `*` is
// prerendered (see scripts/paths.mjs); the catch-all is prerendered at /404.
export default [
  index("routes/home.tsx"),
  route("what-we-do", "routes/what-we-do.tsx"),
  route("who-we-are", "routes/who-we-are.tsx", [route(":id", "routes/who-we-are.$id.tsx")]),
  route("charity", "routes/charity.tsx"),
  route("latest-insights", "routes/latest-insights.tsx"),
  route("governance", "routes/governance.tsx"),
  route("careers", "routes/careers.tsx"),
  route("careers/:slug", "routes/careers.$slug.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-statement", "routes/privacy-statement.tsx"),
  route("test", "routes/test.tsx"),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
