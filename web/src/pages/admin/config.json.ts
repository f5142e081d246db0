// The editor's generated configuration (admin/config.mjs) as a build file:
// bin/site serves it as /admin/config.yml with the backend of its deployment.
import { editorConfig } from "../../../admin/config.mjs";

const schemaFiles = import.meta.glob<Record<string, unknown>>(
  "../../../../content/schema/*.schema.json",
  {
    eager: true,
    import: "default",
  },
);
const schemas = Object.fromEntries(
  Object.entries(schemaFiles).map(([path, schema]) => [
    path.replace(/^.*\/|\.schema\.json$/g, ""),
    schema,
  ]),
);

export function GET() {
  return new Response(JSON.stringify(editorConfig(schemas)), {
    headers: { "Content-Type": "application/json" },
  });
}
