import { teamLogo } from "../../domain/table/rules.ts";
import { MediaImage } from "./media-image.tsx";
import { useClub } from "./use-club.ts";

// Team logos on public pages (rules §3 Team logos, decisions 12): the lookup is the table
// rule `teamLogo`; this module only knows which crests are bundled with the site. A team
// without a logo gets a neutral disc with its initials, so every row lines up.

const files = import.meta.glob<string>("../../assets/logos/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});

/** Bundled crests by name (the file name without .svg), e.g. 'cork-comets'. */
const bundledLogos: ReadonlyMap<string, string> = new Map(
  Object.entries(files).map(([path, url]) => [path.replace(/^.*\/|\.svg$/g, ""), url]),
);

function teamLogoUrl({
  team,
  tableLogos,
}: {
  team: string;
  tableLogos: Readonly<Record<string, string>>;
}): string | null {
  return teamLogo({ team, tableLogos, bundled: bundledLogos });
}

const SIZES = {
  sm: { box: "size-8", text: "text-xs", px: 32 },
  md: { box: "size-12", text: "text-sm", px: 48 },
  lg: { box: "size-20 sm:size-24", text: "text-2xl", px: 96 },
} as const;

/** A team's crest, decorative: the team's name is always written next to it. */
export function TeamCrest({
  team,
  tableLogos,
  size = "md",
}: {
  team: string;
  tableLogos: Readonly<Record<string, string>>;
  size?: keyof typeof SIZES;
}) {
  const club = useClub();
  // ADR 037: the club's own team shows the crest uploaded in Club details, when there is one.
  const url =
    (team === club.teamName ? club.crest : undefined) ?? teamLogoUrl({ team, tableLogos });
  const { box, text, px } = SIZES[size];
  if (url) {
    return (
      <MediaImage
        src={url}
        alt=""
        width={px}
        height={px}
        sizes={`${px}px`}
        loading="lazy"
        decoding="async"
        className={`${box} shrink-0 object-contain`}
      />
    );
  }
  const initials = team
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
  // The initials are drawn by CSS, not written as text: hidden from the accessible name and
  // from readers that go by the text, so a row reads '10 Newry Knights', not '10 NK …'.
  return (
    <span
      aria-hidden="true"
      data-initials={initials}
      className={`${box} ${text} flex shrink-0 items-center justify-center rounded-full bg-slate-200 font-display font-extrabold text-slate-700 ring-2 ring-white before:content-[attr(data-initials)]`}
    />
  );
}
