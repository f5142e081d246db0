// /captions/{video}.vtt: the captions of a partner's video on the Charity
// page, written at build from the cues in content/charity/ (editable in
// the editor with the video). components/VideoModal links each as a <track>.
import type { APIRoute, GetStaticPaths } from "astro";
import { captionedVideos } from "@/lib/charity";
import { toWebVtt, type Cue } from "@/lib/captions";
import { charity } from "@/lib/entries";

export const getStaticPaths = (async () =>
  captionedVideos(await charity()).map(({ slug, cues, where }) => ({
    params: { video: slug },
    props: { cues, where },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { cues, where } = props as { cues: Cue[]; where: string };
  return new Response(toWebVtt(cues, where), {
    headers: { "Content-Type": "text/vtt; charset=utf-8" },
  });
};
