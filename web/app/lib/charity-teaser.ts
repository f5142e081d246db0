// The charity teaser on Home and What we do: only the `teaser` part of
// content/charity.json and the media it names, not the whole charity screen.
import type charityJson from "#content/charity.json";
import teaserJson from "virtual:content/charity.json?pick=teaser";
import teaserMedia from "virtual:media/charity.json?pick=teaser";
import { registerMedia } from "./media";

registerMedia(teaserMedia);

export const charityTeaser = teaserJson as typeof charityJson.teaser;
