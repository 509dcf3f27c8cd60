import type { ImgHTMLAttributes } from "react";
import { parseMediaRef, responsiveImage } from "../../domain/media/refs.ts";

// Every image a page shows from an image field (decisions 23, ADR 017): an upload becomes a
// <picture> with AVIF, WebP and the JPEG/PNG fallback at every stored width, so a phone loads
// the 640 px file and a wide screen the 1920 px one; its own width and height keep the layout
// still while it loads. An outside address or a bundled file stays a plain <img>.

type ImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "width" | "height" | "alt"
>;

export function MediaImage({
  src,
  alt,
  sizes,
  width,
  height,
  ...img
}: ImageProps & {
  src: string;
  /** The text alternative; "" for a decorative image. */
  alt: string;
  /** How wide the image is shown, for the browser to pick a file (the `sizes` attribute). */
  sizes: string;
  /** The box for addresses that are not uploads (an upload brings its own). */
  width: number;
  height: number;
}) {
  const ref = parseMediaRef(src);
  if (!ref) return <img src={src} alt={alt} width={width} height={height} {...img} />;
  const image = responsiveImage(ref);
  return (
    // `contents`: the <img> lays out as if the <picture> were not there (flex rows, grids).
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={image.src}
        alt={alt}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        {...img}
      />
    </picture>
  );
}
