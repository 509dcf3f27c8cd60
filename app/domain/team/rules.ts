// Pure team rules (no I/O). The Team issue adds the form rules and photo resolution.

/** SPEC §3 team.slug, DECISIONS 9: the URL part /team/{slug}, made from the name. */
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
