// Run before every build: bad content must fail the build with file, field and reason.
import { formatError, validateContent } from "../lib/validate-content.mjs";

const errors = await validateContent();
if (errors.length > 0) {
  console.error(`Content is invalid (${errors.length} error${errors.length === 1 ? "" : "s"}):`);
  for (const e of errors) console.error(`  ${formatError(e)}`);
  process.exit(1);
}
console.log("content: valid");
