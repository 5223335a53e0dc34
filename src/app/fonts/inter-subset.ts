/**
 * The characters of the Inter face every page preloads (docs/ARCHITECTURE.md, "Main-thread work":
 * no system font in the first layout). Text in a system font costs the first layout a synchronous
 * call to the browser process per family and size; mid-load those calls waited 60–160 ms. So the
 * preloaded face holds fontsource's latin subset (the ranges of @fontsource-variable/inter's latin
 * file) plus the arrows, comparison signs and check mark our copy uses, which no fontsource subset has.
 * `scripts/build-fonts.ts` cuts the face from Inter's full variable font; `inter-subset.test.ts`
 * fails when the interface's text uses a character outside it.
 */
type Range = readonly [from: number, to: number];

/** The unicode-range of @fontsource-variable/inter's latin file. */
const FONTSOURCE_LATIN: readonly Range[] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** Ours: arrows (→ ← ↗ ↔ …), ≈ ≠ ≤ ≥, ✓. Each must be in Inter (`inter-subset.test.ts`). */
export const INTER_SYMBOLS: readonly Range[] = [
  [0x2190, 0x2199],
  [0x2248, 0x2248],
  [0x2260, 0x2260],
  [0x2264, 0x2265],
  [0x2713, 0x2713],
];

export const INTER_SUBSET_RANGES: readonly Range[] = [...FONTSOURCE_LATIN, ...INTER_SYMBOLS];

/**
 * OpenType features kept: shaping and kerning, Inter's contextual alternates, and the tabular
 * figures and slashed zero of `font-id` (src/app/globals.css). The rest (stylistic sets, character
 * variants, fractions) would add ~25% to the file for text we do not set.
 */
export const INTER_FEATURES = [
  "ccmp",
  "locl",
  "mark",
  "mkmk",
  "kern",
  "liga",
  "calt",
  "rvrn",
  "tnum",
  "zero",
];

export function inSubset(codePoint: number): boolean {
  return INTER_SUBSET_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
}

/** Every character of the subset, as the subsetter takes them. */
export function subsetText(): string {
  let text = "";
  for (const [from, to] of INTER_SUBSET_RANGES)
    for (let c = Math.max(from, 0x20); c <= to; c++) text += String.fromCodePoint(c);
  return text;
}
