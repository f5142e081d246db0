// The type of content/charity.json (validated at build against its schema and
// scripts/content-checks/screens.mjs) and where its partners' captions go.
import type charityJson from "#content/charity.json";

export type Charity = typeof charityJson;
export type Partner = Charity["partners"][number];

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
            where: `content/charity.json, partner ${p.name}, video captions`,
          },
        ]
      : [],
  );
}
