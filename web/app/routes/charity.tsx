import { useState } from "react";
import { PageHeader } from "~/components/PageHeader";
import { VideoModal, type ModalVideo } from "~/components/VideoModal";
import { staticPageMeta } from "~/lib/page-meta";
import { charity } from "~/lib/charity";
import { EsgBlock } from "./charity/EsgBlock";
import { Foundation } from "./charity/Foundation";
import { Giving } from "./charity/Giving";
import { PartnerSection } from "./charity/PartnerSection";
import styles from "./charity/charity.module.css";
import page from "virtual:content/pages.json?pick=/charity";
import { registerPage } from "~/lib/content";

registerPage("/charity", page);

export const meta = () => staticPageMeta("/charity");

export default function Charity() {
  const [video, setVideo] = useState<ModalVideo | null>(null);
  return (
    <>
      <PageHeader path="/charity" image={charity.header.image} alt={charity.header.alt} />
      <Foundation />
      <section aria-labelledby="partners" className={styles.partners}>
        <div className="container">
          <h2 id="partners">{charity.partnersHeading}</h2>
          <p className={styles.partnersIntro}>{charity.partnersIntro}</p>
          {charity.partners.map((p, i) => (
            <PartnerSection key={p.id} partner={p} index={i} onWatch={setVideo} />
          ))}
        </div>
      </section>
      <EsgBlock />
      <Giving />
      <VideoModal
        video={video}
        onClose={() => setVideo(null)}
        closeLabel={charity.closeVideoLabel}
      />
    </>
  );
}
