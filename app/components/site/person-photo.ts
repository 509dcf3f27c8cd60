import { resolvePhoto } from "../../domain/team/rules.ts";

// Bundled portraits in app/assets/people/, named by slug (decisions 11). The build gives
// each an address; resolvePhoto (domain/team/rules.ts) chooses between them.

const files = import.meta.glob<string>("../../assets/people/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});

const FALLBACK_NAME = "default";

const bundled: Record<string, string> = Object.fromEntries(
  Object.entries(files)
    .map(([file, url]) => [file.replace(/^.*\/|\.svg$/g, ""), url] as const)
    .filter(([name]) => name !== FALLBACK_NAME),
);

const fallback = files[`../../assets/people/${FALLBACK_NAME}.svg`] ?? "";

/** The bundled portraits' size (4:5), for width/height on every person photo: no layout shift. */
export const PHOTO_SIZE = { width: 400, height: 500 } as const;

/** decisions 11: a person's photo address. */
export function personPhoto({ image, slug }: { image: string | null; slug: string }): string {
  return resolvePhoto({ image, slug, bundled, fallback });
}

/** ADR 011: the default silhouette says nothing about the person (decorative, alt ""). */
export function isDefaultPhoto(url: string): boolean {
  return url === fallback;
}
