// The exclusion categories and their wording, without zod: client components (the /rewards
// standing notice, the console) read them, and zod stays out of the browser bundle.

export const EXCLUSION_CATEGORIES = ["sybil", "bot", "abuse", "other"] as const;
export type ExclusionCategory = (typeof EXCLUSION_CATEGORIES)[number];
export const CATEGORY_TEXT: Record<ExclusionCategory, string> = {
  sybil: "Several accounts run by one person (sybil)",
  bot: "Automated activity (bot)",
  abuse: "Abuse of the campaign's rules",
  other: "Other",
};

/** Longest note a participant may add to an appeal (appealBodySchema; the notice counts it). */
export const APPEAL_NOTE_MAX = 2000;
