// What the home page's team teaser needs: the `teaser` copy of
// content/people.json and, from content/employees.json, each person's id,
// name, office and card photo (not the biographies, not the other crops), with
// the media those photos are. The people screens use ~/lib/people.
import type peopleJson from "#content/people.json";
import teaserJson from "virtual:content/people.json?pick=teaser";
import poolJson from "virtual:content/employees.json?pick=employees&fields=id,name,location,image";
import poolMedia from "virtual:media/employees.json?pick=employees&fields=image";
import { registerMedia } from "./media";
import type { Employee } from "./people";

registerMedia(poolMedia);

export type TeaserPerson = Pick<Employee, "id" | "name" | "location" | "image">;

/** Every employee in stored order, cut to what the teaser shows. */
export const teaserPool = poolJson as readonly TeaserPerson[];

export const teaserCopy = teaserJson as typeof peopleJson.teaser;
