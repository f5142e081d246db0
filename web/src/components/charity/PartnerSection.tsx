import { ExternalLink } from "@/components/ExternalLink";
import { Button } from "@/components/Button";
import { ResponsiveArtImage } from "@/components/ResponsiveImage";
import { Paragraphs } from "@/components/RichText";
import { VideoModal, WatchButton } from "@/components/VideoModal";
import { useMedia } from "@/components/media-context";
import { captionsPath, videoSlug, type Charity, type Partner } from "@/lib/charity";
import type { Site } from "@/lib/content";
import styles from "./charity.module.css";

interface PartnerSectionProps {
  partner: Partner;
  index: number;
  /** The video's labels, shared by every partner. */
  labels: Pick<Charity, "watchVideoLabel" | "captionsLabel" | "closeVideoLabel">;
  site: Site;
}

/** One partner charity, with an optional video in a modal dialog. */
export function PartnerSection({ partner: p, index, labels, site }: PartnerSectionProps) {
  const { image, logo, video } = useMedia();
  const headingId = `partner-${p.id}`;
  const videoId = `video-${p.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={[styles.partner, index % 2 === 1 && styles.reverse].filter(Boolean).join(" ")}
    >
      <div className={styles.partnerMedia}>
        <ResponsiveArtImage
          {...p.images}
          alt={p.alt}
          sizes={{ mobile: "100vw", tablet: "50vw", desktop: "(min-width: 1264px) 600px, 48vw" }}
        />
      </div>
      <div className={styles.partnerBody}>
        <p className={`eyebrow ${styles.theme}`}>{p.theme}</p>
        <h3 id={headingId} className={styles.partnerName}>
          {p.name}
        </h3>
        <Paragraphs text={p.text} site={site} />
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
              <WatchButton target={videoId}>
                {/* Heard whole from the hidden copy ("Watch the video: Name"): the
                    shown words and a hidden ": Name" beside them were heard with a
                    space before the colon (Chromium spaces out absolutely placed
                    elements such as the hidden span). */}
                <span aria-hidden="true">{labels.watchVideoLabel}</span>
                <span className="visually-hidden">{`${labels.watchVideoLabel}: ${p.name}`}</span>
              </WatchButton>
            )}
            {p.button && (
              <Button href={p.button.href} variant="secondary">
                {p.button.label}
              </Button>
            )}
          </div>
        )}
        {p.video && (
          <VideoModal
            id={videoId}
            video={{
              src: video(p.video.name).src,
              poster: image(p.video.poster),
              title: p.video.title,
              captions: p.video.captions?.length
                ? {
                    src: captionsPath(videoSlug(p.video.name)),
                    lang: site.locale,
                    label: labels.captionsLabel,
                  }
                : undefined,
            }}
            closeLabel={labels.closeVideoLabel}
          />
        )}
      </div>
    </article>
  );
}
