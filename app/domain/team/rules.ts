import type { TeamRole } from "../../db/schema.ts";

// Pure team rules (no I/O): slugs, the team form's defaults, names, photos, order, display.

/**
 * rules §3 team.role, decisions 9: a player or a coach, in the order the team is listed.
 * The database's own list (db/schema.ts teamRoles) is not imported: it would bring the
 * database library into the browser; a unit test keeps the two equal.
 */
export const TEAM_ROLES = [
  "Player",
  "Head Coach",
  "Assistant Coach",
] as const satisfies readonly TeamRole[];

/** rules §3 team.slug, decisions 9: the URL part /team/{slug}, made from the name. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A slug not in `taken`: the plain slug, or the first free "-2", "-3"… (a second 'John Smith'). */
export function uniqueSlug({ name, taken }: { name: string; taken: ReadonlySet<string> }): string {
  const base = slugify(name) || "member";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * whether a slug still fits a name: its plain slug, or that slug with a
 * "-2", "-3"… (so saving 'John Smith' again keeps 'john-smith-2'). When it does not fit, a
 * rename gives the person a new slug.
 */
export function slugFitsName({ slug, name }: { slug: string; name: string }): boolean {
  const base = slugify(name) || "member";
  return slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
}

/** rules §9: the default for missing player text fields. */
export const TBD = "TBD";

/** rules §5 Team form: an empty number, position, classification or playingSince becomes TBD. */
export function textOrTbd(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : value == null ? "" : String(value).trim();
  return text === "" ? TBD : text;
}

/**
 * rules §5 Team form, §9 default 0: an empty or non-numeric stat becomes 0; anything numeric
 * is kept as typed, so the schema can refuse negatives and fractions with a message.
 */
export function statValue(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value !== "string") return 0;
  const text = value.trim();
  if (text === "") return 0;
  const number = Number(text);
  return Number.isFinite(number) ? number : 0;
}

/** rules §3 team.name: shown as first and last name (first word, then the rest). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/**
 * decisions 11: the image URL if set, else the bundled photo for the slug if one exists,
 * else the default photo. `bundled` maps slugs to the bundled photos' addresses.
 */
export function resolvePhoto({
  image,
  slug,
  bundled,
  fallback,
}: {
  image: string | null | undefined;
  slug: string;
  bundled: Readonly<Record<string, string>>;
  fallback: string;
}): string {
  const own = image?.trim();
  if (own) return own;
  return Object.hasOwn(bundled, slug) ? (bundled[slug] ?? fallback) : fallback;
}

/** rules §3 classification, playingSince: shown as a dash on the public page when missing. */
export function dashIfMissing(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  return text === "" || text.toUpperCase() === TBD ? "—" : text;
}

/** rules §6, decisions 9: players are listed and linked; coaches are listed, not linked. */
export function hasProfilePage(role: string): boolean {
  return role === "Player";
}

/** decisions 9–10: people by role group (players, head coach, assistants), display order, name. */
export function sortTeam<T extends { role: string; displayOrder: number; name: string }>(
  members: readonly T[],
): T[] {
  const roles: readonly string[] = TEAM_ROLES;
  const group = (role: string) => {
    const index = roles.indexOf(role);
    return index === -1 ? roles.length : index;
  };
  return [...members].sort(
    (a, b) =>
      group(a.role) - group(b.role) ||
      a.displayOrder - b.displayOrder ||
      a.name.localeCompare(b.name, "en-GB"),
  );
}

/** rules §2 Player detail: the default bio text shown when the player has no bio. */
export function defaultBio({ name, clubName }: { name: string; clubName: string }): string {
  return `${splitName(name).firstName || name} is part of the ${clubName} squad. A full profile is on its way: check back soon, or come and see the team play at one of our home games.`;
}

/**
 * rules §3 team.image: an https address or a path on this site (never javascript:, never
 * //host; never http: either, which the Content-Security-Policy would block, rules §12).
 */
export function isAllowedImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * decisions 10, ADR 005: Move up / Move down in Manage Team. People are ordered within their
 * role group (players, head coach, assistants); the moved person swaps places with the
 * neighbour in that group and the group is numbered 1, 2, 3… again, so the numbers shown
 * match the order. Returns the new display orders of the group, the person's new place and
 * the group's size, or null when the person is not in the list.
 */
export function moveInGroup<
  T extends { id: string; role: string; displayOrder: number; name: string },
>({
  members,
  id,
  direction,
}: {
  members: readonly T[];
  id: string;
  direction: "up" | "down";
}): { orders: Map<string, number>; position: number; count: number; moved: boolean } | null {
  const person = members.find((member) => member.id === id);
  if (!person) return null;
  const group = sortTeam(members.filter((member) => member.role === person.role));
  const from = group.findIndex((member) => member.id === id);
  const to = direction === "up" ? from - 1 : from + 1;
  const moved = to >= 0 && to < group.length;
  if (moved) {
    const [taken] = group.splice(from, 1);
    if (taken) group.splice(to, 0, taken);
  }
  return {
    orders: new Map(group.map((member, index) => [member.id, index + 1])),
    position: (moved ? to : from) + 1,
    count: group.length,
    moved,
  };
}
