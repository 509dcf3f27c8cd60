// The club's page texts (decisions 15): which texts there are,
// what they are called in the admin and where they appear. Pure, no I/O.

export const PAGE_TEXTS = {
  "about-mission": { label: "About: Our Mission", path: "/about", legal: false },
  "about-who": { label: "About: Who We Are", path: "/about", legal: false },
  "home-welcome": { label: "Home: Welcome", path: "/", legal: false },
  "try-what": { label: "Come and try: What it is", path: "/come-and-try", legal: false },
  "try-who": { label: "Come and try: Who can play", path: "/come-and-try", legal: false },
  "try-bring": { label: "Come and try: What to bring", path: "/come-and-try", legal: false },
  privacy: { label: "Privacy Policy", path: "/privacy-policy", legal: true },
  terms: { label: "Terms & Conditions", path: "/terms-conditions", legal: true },
} as const;

export type PageTextKey = keyof typeof PAGE_TEXTS;
export const PAGE_TEXT_KEYS = Object.keys(PAGE_TEXTS) as PageTextKey[];

/** At most this much HTML per text (a long privacy policy is about 10 kB). */
export const PAGE_TEXT_MAX_LENGTH = 100_000;

/**
 * rules §2 Privacy policy and Terms: the date the bundled legal texts carry, kept until the
 * club saves its own; a save sets 'Last updated' to the day of the save.
 */
export const LEGAL_DEFAULT_UPDATED = new Date("2025-07-15T12:00:00Z");
