import { LoopVideo } from "@/components/LoopVideo";
import { Paragraphs } from "@/components/RichText";
import { Eyebrow } from "@/components/Section";
import { useMedia } from "@/components/media-context";
import type { Charity } from "@/lib/charity";
import type { Site } from "@/lib/content";
import styles from "./charity.module.css";

/** The foundation's description (2.5% of carried interest) and intro video. */
export function Foundation({
  foundation: f,
  site,
}: {
  foundation: Charity["foundation"];
  site: Site;
}) {
  const { image, video } = useMedia();
  return (
    <section aria-labelledby="foundation" className={styles.band}>
      <div className={`container ${styles.foundation}`}>
        <div>
          <Eyebrow>{f.eyebrow}</Eyebrow>
          <h2 id="foundation">{f.heading}</h2>
          <Paragraphs text={f.text} site={site} />
        </div>
        <LoopVideo
          src={video(f.video.name).src}
          poster={image(f.video.poster)}
          title={f.video.title}
        />
      </div>
    </section>
  );
}
