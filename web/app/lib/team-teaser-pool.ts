// The team teaser's reshuffle pool: every employee cut to what the teaser shows
// (id, name, office, card photo) and the media of those photos. Loaded after
// hydration by ~/lib/team-teaser's loadTeaserPool().
import poolJson from "virtual:content/employees.json?pick=employees&fields=id,name,location,image";
import poolMedia from "virtual:media/employees.json?pick=employees&fields=image";
import { registerMedia } from "./media";
import type { TeaserPerson } from "./team-teaser";

registerMedia(poolMedia);

export const teaserPool = poolJson as readonly TeaserPerson[];
