// What the insights screens say, and the feed's labels made from it and site.json.
import type { Site } from "./content";
import type { FeedLabels } from "./insights";
import type { LogoMedia } from "./media";

export interface InsightsContent {
  home: { eyebrow: string; heading: string; intro: string; buttonLabel: string };
  list: { linkedinLinkLabel: string; moreLabel: string };
  card: {
    logo: string;
    placeholderLogo: string;
    readMoreLabel: string;
    readMoreContext: string;
    postsLinkLabel: string;
    repostLabel: string;
    /** Said when LinkedIn does not let us show the reposted post. */
    repostUnavailable: string;
    repostLinkLabel: string;
    pollLabel: string;
    documentLabel: string;
    /** The link of a post the site cannot show otherwise. */
    fallbackLinkLabel: string;
    /** The heading of a post without text ({date}: its date). */
    headingFallback: string;
  };
  /** `shown` is heard when posts appear ({count}: how many are shown). */
  states: { loading: string; shown: string; error: string; empty: string; noScript: string };
}

const size = ({ src, width, height }: { src: string; width: number; height: number }) => ({
  src,
  width,
  height,
});

export function feedLabels(
  insights: InsightsContent,
  site: Site,
  logo: (file: string) => LogoMedia,
): FeedLabels {
  const { logo: avatar, placeholderLogo, ...texts } = insights.card;
  const { noScript: _, ...states } = insights.states;
  return {
    states,
    card: {
      ...texts,
      siteName: site.name,
      companyUrl: site.social.linkedinCompany,
      postsUrl: site.social.linkedinPosts,
      followerLabel: site.social.followerLabel,
      newTab: site.ui.newTab,
      avatar: size(logo(avatar)),
      placeholder: size(logo(placeholderLogo)),
    },
  };
}
