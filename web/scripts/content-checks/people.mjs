// Rules for content/employees.json and content/people.json that a JSON Schema
// cannot state: unique ids, teams and locations that exist, a quoted CEO who is
// in the directory. Each error names the file, the record (by its array index
// and id) and the field. Portraits are checked by ./fields.mjs, in the same form.

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files) {
  const employeesFile = /** @type {any} */ (files["employees.json"]);
  const people = /** @type {any} */ (files["people.json"]);
  const site = /** @type {any} */ (files["site.json"]);
  if (!employeesFile) return [];
  /** @type {import("../validate-content.mjs").ContentError[]} */
  const errors = [];
  const teams = new Set(people?.teams ?? []);
  const locations = new Set((site?.offices ?? []).map((/** @type {any} */ o) => o.title));
  /** @type {Map<number, number>} */
  const firstIndex = new Map();
  /** @type {any[]} */
  const employees = employeesFile.employees;
  employees.forEach((e, i) => {
    const at = (/** @type {string} */ field) => `/employees/${i}/${field} (id ${e.id}, ${e.name})`;
    const seen = firstIndex.get(e.id);
    if (seen !== undefined) {
      errors.push({
        file: "employees.json",
        field: at("id"),
        reason: `duplicate id ${e.id}, also used by /employees/${seen} (${employees[seen].name})`,
      });
    } else firstIndex.set(e.id, i);
    if (people) {
      e.team.forEach((/** @type {string} */ t, /** @type {number} */ j) => {
        if (!teams.has(t)) {
          errors.push({
            file: "employees.json",
            field: at(`team/${j}`),
            reason: `unknown team "${t}" (teams are listed in people.json: ${[...teams].join(", ")})`,
          });
        }
      });
    }
    if (site && !locations.has(e.location)) {
      errors.push({
        file: "employees.json",
        field: at("location"),
        reason: `unknown location "${e.location}" (one of the office titles in site.json: ${[...locations].join(", ")})`,
      });
    }
  });
  if (people) {
    if (!firstIndex.has(people.dna.quoteBy)) {
      errors.push({
        file: "people.json",
        field: "/dna/quoteBy",
        reason: `no employee with id ${people.dna.quoteBy} in employees.json`,
      });
    }
  }
  return errors;
}
