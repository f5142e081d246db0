import { LoopVideo } from "@/components/LoopVideo";
import { Paragraphs } from "@/components/RichText";
import { Eyebrow } from "@/components/Section";
import { charity } from "@/lib/charity";
import { image, video } from "@/lib/media-manifest";
import styles from "./charity.module.css";

/** The foundation's description (2.5% of carried interest) and intro video. */
export function Foundation() {
  const f = charity.foundation;
  return (
    <section aria-labelledby="foundation" className={styles.band}>
      <div className={`container ${styles.foundation}`}>
        <div>
          <Eyebrow>{f.eyebrow}</Eyebrow>
          <h2 id="foundation">{f.heading}</h2>
          <Paragraphs text={f.text} />
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
