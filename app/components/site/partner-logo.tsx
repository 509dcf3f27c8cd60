import { parseMediaRef } from "../../domain/media/refs.ts";
import { partnerLogo } from "./assets.ts";
import { MediaImage } from "./media-image.tsx";

// A sponsor's or governing body's logo (ADR 013): an upload (/media/..., ADR 017), an https
// address, or the name of a bundled logo (assets/partners). Without one, the name is shown in
// a styled box instead.

function logoSource(logo: string | null | undefined): string | undefined {
  if (!logo) return undefined;
  return logo.startsWith("https://") || logo.startsWith("/media/") ? logo : partnerLogo(logo);
}

export function PartnerLogo({
  name,
  logo,
  width,
  height,
  lazy = false,
}: {
  name: string;
  logo: string | null | undefined;
  width: number;
  height: number;
  lazy?: boolean;
}) {
  const src = logoSource(logo);
  if (!src) {
    return (
      <span className="font-display text-xl font-bold uppercase leading-tight tracking-wide text-club">
        {name}
      </span>
    );
  }
  if (parseMediaRef(src)) {
    return (
      <MediaImage
        src={src}
        alt={name}
        sizes={`${width}px`}
        width={width}
        height={height}
        loading={lazy ? "lazy" : undefined}
        decoding={lazy ? "async" : undefined}
        className="max-h-full w-auto object-contain"
      />
    );
  }
  return (
    <img
      src={src}
      alt={name}
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      className="max-h-full w-auto"
    />
  );
}
