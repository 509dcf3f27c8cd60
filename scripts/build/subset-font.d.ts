// subset-font ships no types: the part scripts/build/fonts.ts uses.
declare module "subset-font" {
  type Axis = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "woff2" | "woff" | "truetype" | "sfnt";
      preserveNameIds?: number[];
      variationAxes?: Record<string, Axis>;
      noLayoutClosure?: boolean;
      noHinting?: boolean;
    },
  ): Promise<Buffer>;
}
