import { Button } from "@/components/Button";
import { Paragraphs } from "@/components/RichText";
import { Eyebrow } from "@/components/Section";
import { Split } from "@/components/Split";
import type { Site } from "@/lib/content";
import type { Home } from "@/lib/screens";
import styles from "./home.module.css";

/** Home: what the firm does, linking to /what-we-do. */
export function WhatWeDoBlock({ whatWeDo: b, site }: { whatWeDo: Home["whatWeDo"]; site: Site }) {
  return (
    <section aria-labelledby="home-what-we-do" className={styles.band}>
      <div className="container">
        <Split image={b.image} alt={b.alt}>
          <Eyebrow>{b.eyebrow}</Eyebrow>
          <h2 id="home-what-we-do">{b.heading}</h2>
          <Paragraphs text={b.text} site={site} />
          <Button to={b.link.to} variant="tertiary">
            {b.link.label}
          </Button>
        </Split>
      </div>
    </section>
  );
}
