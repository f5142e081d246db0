// Everything content/employees.json holds about each person: the directory's
// card fields (~/lib/people) joined with what only the employee popup shows
// (biography, contact details, the popup photo and its media). Only the popup
// route loads this module, so the directory page does not carry those bytes.
import detailsJson from "virtual:content/employees.json?pick=employees&fields=id,imageDesktop,description,email,linkedin,liv";
import detailsMedia from "virtual:media/employees.json?pick=employees&fields=imageDesktop";
import { registerMedia } from "./media";
import { directoryEmployees, findById, type Employee } from "./people";

registerMedia(detailsMedia);

type Details = Pick<Employee, "id" | "imageDesktop" | "description" | "email" | "linkedin" | "liv">;

/** Every employee in stored order (the order previous/next follow). */
export const employees: readonly Employee[] = (detailsJson as readonly Details[]).map(
  (details, i) => {
    const card = directoryEmployees[i];
    if (card?.id !== details.id) throw new Error(`employees.json: no card for id ${details.id}`);
    return { ...card, ...details };
  },
);

/** The employee with the id in a route parameter, or undefined for anything else. */
export function findEmployee(param: string | undefined): Employee | undefined {
  return findById(employees, param);
}
