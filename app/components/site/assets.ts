// Bundled images looked up by name (the names used in config/club-site.ts).

const partnerLogos = import.meta.glob<string>("../../assets/partners/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});
const videoThumbnails = import.meta.glob<string>("../../assets/videos/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});

const byName = (files: Record<string, string>, name: string | undefined) =>
  name ? files[`../../assets/${name}.svg`] : undefined;

/** A governing body's or sponsor's bundled logo, or undefined. */
export function partnerLogo(name: string | undefined): string | undefined {
  return byName(partnerLogos, name ? `partners/${name}` : undefined);
}

/** A featured short video's bundled thumbnail, or undefined. */
export function videoThumbnail(name: string | undefined): string | undefined {
  return byName(videoThumbnails, name ? `videos/${name}` : undefined);
}
