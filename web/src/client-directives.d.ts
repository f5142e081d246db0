// The site's own client directives (astro.config.mjs), for the type checker.
declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island (src/lib/on-interaction.ts). */
    "client:interaction"?: boolean;
  }
}

export {};
