import { ExternalLink } from "@/components/ExternalLink";
import { Downloads } from "@/components/Downloads";
import { Inline } from "@/components/RichText";
import { useMedia } from "@/components/media-context";
import type { Charity } from "@/lib/charity";
import type { Site } from "@/lib/content";
import styles from "./charity.module.css";

function LogoLink({ name, href, label }: { name: string; href: string; label: string }) {
  const svg = useMedia().logo(name);
  return (
    <ExternalLink href={href} className={styles.badge}>
      <img src={svg.src} width={svg.width} height={svg.height} alt={label} loading="lazy" />
    </ExternalLink>
  );
}

/** The goals site, the two downloads, ANBI status and the enquiries address. */
export function Giving({
  charity: { goals, downloads, anbi, enquiries },
  site,
}: {
  charity: Pick<Charity, "goals" | "downloads" | "anbi" | "enquiries">;
  site: Site;
}) {
  return (
    <div className={`container ${styles.giving}`}>
      <section aria-labelledby="sdg" className={styles.givingBlock}>
        <h2 id="sdg">{goals.heading}</h2>
        <p>
          <Inline text={goals.text} site={site} />
        </p>
        <LogoLink name={goals.logo} href={goals.href} label={goals.label} />
      </section>
      <section aria-labelledby="charity-documents" className={styles.givingBlock}>
        <Downloads id="charity-documents" {...downloads} />
        <div className={styles.anbi}>
          <LogoLink name={anbi.logo} href={anbi.href} label={anbi.label} />
          <p>{anbi.text}</p>
        </div>
      </section>
      <section aria-labelledby="enquiries" className={styles.givingBlock}>
        <h2 id="enquiries">{enquiries.heading}</h2>
        <p>
          <Inline text={enquiries.text} site={site} />
        </p>
      </section>
    </div>
  );
}
