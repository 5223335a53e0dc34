// subset-font ships no types; the part scripts/build-fonts.ts uses.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      keepFeatures?: string[];
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      noHinting?: boolean;
    },
  ): Promise<Buffer>;
}
