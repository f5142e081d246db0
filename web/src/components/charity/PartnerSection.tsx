import { ExternalLink } from "@/components/ExternalLink";
import { Button } from "@/components/Button";
import { ResponsiveArtImage } from "@/components/ResponsiveImage";
import { Paragraphs } from "@/components/RichText";
import type { ModalVideo } from "@/components/VideoModal";
import { logo } from "@/lib/media";
import { charity, type Partner } from "@/lib/charity";
import styles from "./charity.module.css";

interface PartnerSectionProps {
  partner: Partner;
  index: number;
  onWatch: (video: ModalVideo) => void;
}

/** One partner charity: text, art-directed image, logos, optional button and video. */
export function PartnerSection({ partner: p, index, onWatch }: PartnerSectionProps) {
  const headingId = `partner-${p.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={[styles.partner, index % 2 === 1 && styles.reverse].filter(Boolean).join(" ")}
    >
      <div className={styles.partnerMedia}>
        <ResponsiveArtImage
          mobile={p.images.mobile}
          tablet={p.images.tablet}
          desktop={p.images.desktop}
          alt={p.alt}
          sizes={{ mobile: "100vw", tablet: "50vw", desktop: "(min-width: 1264px) 600px, 48vw" }}
        />
      </div>
      <div className={styles.partnerBody}>
        <p className={styles.theme}>{p.theme}</p>
        <h3 id={headingId} className={styles.partnerName}>
          {p.name}
        </h3>
        <Paragraphs text={p.text} />
        <ul className={styles.logos}>
          {p.logos.map((l) => {
            const svg = logo(l.logo);
            return (
              <li key={l.logo}>
                <ExternalLink href={l.href} className={styles.logoLink}>
                  <img
                    src={svg.src}
                    width={svg.width}
                    height={svg.height}
                    alt={l.label}
                    loading="lazy"
                  />
                </ExternalLink>
              </li>
            );
          })}
        </ul>
        {(p.button || p.video) && (
          <div className={styles.actions}>
            {p.video && (
              <Button onClick={() => p.video && onWatch(p.video)} aria-haspopup="dialog">
                {charity.watchVideoLabel}
                <span className="visually-hidden">: {p.name}</span>
              </Button>
            )}
            {p.button && (
              <Button href={p.button.href} variant="secondary">
                {p.button.label}
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
