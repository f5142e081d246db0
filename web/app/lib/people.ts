// The people directory: typed access to content/employees.json.
import employeesJson from "#content/employees.json";

export type Location = "Amsterdam" | "Dublin" | "Copenhagen" | "Helsinki";

export interface Employee {
  id: number;
  name: string;
  team: string[];
  teamShown: string;
  location: Location;
  description: string;
}

export const employees = employeesJson.employees as Employee[];

/** The employee with the id in a route parameter, or undefined for anything else. */
export function findEmployee(param: string | undefined): Employee | undefined {
  if (param === undefined || !/^\d{1,9}$/.test(param)) return undefined;
  const id = Number(param);
  return employees.find((e) => e.id === id);
}
