// The types of content/charity.json and its partners (validated at build against their schemas and
// lib/content-checks/screens.mjs) and where its partners' captions go.
import type { Partner as PartnerEntry } from "@/generated/content-entries";
import type charityJson from "#content/charity.json";

/** A partner charity (content/charity/*.json, the type generated from its schema). */
export type Partner = Omit<PartnerEntry, "order">;
/** content/charity.json with its partners. */
export type Charity = Omit<typeof charityJson, "$schema"> & { partners: Partner[] };

/** Where a partner video's captions are served (pages/captions/[video].vtt.ts). */
export const captionsPath = (slug: string) => `/captions/${slug}.vtt`;

/** A video file's name without its extension: the name of its captions file. */
export const videoSlug = (file: string) => file.replace(/\.[a-z0-9]+$/i, "");

/**
 * The partners' videos that have captions: the name of the video file
 * without its extension (the captions file's name), the cues, and where they
 * are in the content, for the build's error if one is wrong.
 */
export function captionedVideos(charity: Pick<Charity, "partners">) {
  return charity.partners.flatMap((p) =>
    p.video?.captions?.length
      ? [
          {
            slug: videoSlug(p.video.name),
            cues: p.video.captions,
            where: `content/charity/${p.id}.json, video captions`,
          },
        ]
      : [],
  );
}
