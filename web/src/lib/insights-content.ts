// What the insights screens say (the type of content/insights.json), and the
// labels the feed components render (FeedLabels), made from it and site.json.
import type { Site } from "./content";
import type { FeedLabels } from "./insights";
import type { LogoMedia } from "./media";

/** Labels of the insights screens (content/insights.json). */
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
    repostUnavailable: string;
    repostLinkLabel: string;
    pollLabel: string;
    documentLabel: string;
    fallbackLinkLabel: string;
    headingFallback: string;
  };
  states: { loading: string; shown: string; error: string; empty: string; noScript: string };
}

const size = ({ src, width, height }: { src: string; width: number; height: number }) => ({
  src,
  width,
  height,
});

/** What every feed needs: state texts and what a post card shows besides the post. */
export function feedLabels(
  insights: InsightsContent,
  site: Site,
  logo: (file: string) => LogoMedia,
): FeedLabels {
  const { card, states } = insights;
  return {
    states: {
      loading: states.loading,
      shown: states.shown,
      error: states.error,
      empty: states.empty,
    },
    card: {
      siteName: site.name,
      companyUrl: site.social.linkedinCompany,
      postsUrl: site.social.linkedinPosts,
      followerLabel: site.social.followerLabel,
      readMoreLabel: card.readMoreLabel,
      readMoreContext: card.readMoreContext,
      postsLinkLabel: card.postsLinkLabel,
      repostLabel: card.repostLabel,
      repostUnavailable: card.repostUnavailable,
      repostLinkLabel: card.repostLinkLabel,
      pollLabel: card.pollLabel,
      documentLabel: card.documentLabel,
      fallbackLinkLabel: card.fallbackLinkLabel,
      headingFallback: card.headingFallback,
      newTab: site.ui.newTab,
      avatar: size(logo(card.logo)),
      placeholder: size(logo(card.placeholderLogo)),
    },
  };
}
