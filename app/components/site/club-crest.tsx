import crest from "../../assets/crest.svg";
import { MediaImage } from "./media-image.tsx";
import { useClub } from "./use-club.ts";

/**
 * ADR 037: the club's crest as Club details has it (an uploaded logo), or the neutral bundled
 * crest until the club uploads one. Decorative: the club's name is always written next to it.
 */
export function ClubCrest({ size, className }: { size: number; className?: string }) {
  const club = useClub();
  return (
    <MediaImage
      src={club.crest ?? crest}
      alt=""
      sizes={`${size}px`}
      width={size}
      height={size}
      className={`object-contain ${className ?? ""}`}
    />
  );
}
