// decisions 35: what a start says to the person who ran it, in plain words, as its last line:
// where the site is, and how to sign in or make the first administrator. Pure.

export interface StartFacts {
  /** The address the site answers at on this machine. */
  siteUrl: string;
  /** Whether any administrator exists. */
  hasAdministrator: boolean;
  /** The demo administrator made at this start (its password is shown this once). */
  demoAdministrator: { email: string; password: string } | null;
}

/** The lines printed once the server listens; the last names the site's address. */
export function startMessage({
  siteUrl,
  hasAdministrator,
  demoAdministrator,
}: StartFacts): string[] {
  const admin = `${siteUrl}/admin`;
  if (demoAdministrator) {
    return [
      `Demo administrator (shown only this once, stored hashed): ${demoAdministrator.email} / ${demoAdministrator.password}`,
      `The site is at ${siteUrl} — sign in at ${admin} with the demo administrator above.`,
    ];
  }
  if (!hasAdministrator) {
    return [
      `The site is at ${siteUrl} — create the first administrator: stop the server and run \`npm run admin -- create --email you@example.org\`, or start with ADMIN_EMAIL and ADMIN_PASSWORD set.`,
    ];
  }
  return [`The site is at ${siteUrl} — the admin is at ${admin}.`];
}
