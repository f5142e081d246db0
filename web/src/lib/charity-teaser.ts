// The charity teaser on Home and What we do: the `teaser` part of content/charity.json.
import charityJson from "#content/charity.json";

export const charityTeaser = charityJson.teaser;
