import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { teamMembers } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { buildTeamMember } from "../../scripts/factories.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases, useDemoClub } from "../db.ts";

// Team over real HTTP (rules §2; the host, the production build, a test database): Manage Team's
// action refuses what the form would refuse (the name is required on the server too) and
// writes nothing; a save shows on the public pages at once; the player page is a real
// page with its metadata, and unknown slugs and coaches get a real 404.

describeWithDatabases("team screens over HTTP", ({ db }) => {
  // Written against the demo club (its name, address and e-mail).
  beforeAll(() => useDemoClub(db));
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: "team@club.example", password: "amber-kettle-river-42" });
    cookie = await signIn({ app, email: "team@club.example", password: "amber-kettle-river-42" });
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "Coach Kelly", slug: "coach-kelly", role: "Head Coach" }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const save = (fields: Record<string, string>) =>
    fetch(`${app.url}/admin/team`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", ...fields }),
    });
  const allRows = () => db().select().from(teamMembers).orderBy(teamMembers.id);

  it("refuses a save without a name, or with bad numbers, and writes nothing", async () => {
    const before = await allRows();
    const refused: Record<string, string>[] = [
      { name: "" },
      { name: "   ", goals: "3" },
      { name: "Valid Name", goals: "-1" },
      { name: "Valid Name", redCards: "2.5" },
      { name: "Valid Name", role: "Chairman" },
      { name: "Valid Name", image: "javascript:alert(1)" },
    ];
    for (const fields of refused) {
      const response = await save(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const html = await response.text();
      if (!fields.name?.trim()) expect(html).toContain("Please enter the name.");
    }
    expect(await allRows()).toEqual(before);
  });

  it("creates a player who shows on /team and on their own page at once", async () => {
    const response = await save({
      name: "Ruairí Ó Sé",
      number: "14",
      position: "Winger",
      classification: "",
      playingSince: "2021",
      goals: "abc",
      assists: "",
      yellowCards: "1",
      redCards: "0",
      displayOrder: "1",
      image: "",
      bio: '<p>Fast <strong>and</strong> <a href="javascript:alert(1)">clever</a></p><script>alert(1)</script>',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(
      /^\/admin\/team\?saved=[0-9a-f-]{36}&done=created$/,
    );

    const team = await (await fetch(`${app.url}/team`)).text();
    expect(team).toContain('href="/team/ruairi-o-se"');
    expect(team).not.toContain('href="/team/coach-kelly"');
    expect(team).toContain("Coach Kelly");
    // The page's data carries what the cards show: no ids, positions or display order (ADR 008).
    const [row] = await db().select().from(teamMembers).where(eq(teamMembers.slug, "ruairi-o-se"));
    expect(row?.id).toBeTruthy();
    expect(team).not.toContain(row?.id);
    expect(team).not.toContain("Winger");
    expect(team).not.toContain("displayOrder");

    const page = await fetch(`${app.url}/team/ruairi-o-se`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Ruairí Ó Sé | Shannonside Storm</title>");
    expect(html).toMatch(/<meta property="og:type" content="profile"\/>/);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/[^"]+"\/>/);
    expect(html).toContain("<strong>and</strong>");
    expect(html).toContain('href="about:blank" rel="noopener noreferrer" target="_blank"');
    expect(html).not.toContain("alert(1)");
    // Goals "abc" became 0; classification empty became TBD, shown as a dash.
    expect(html).toMatch(/Classification<\/dt><dd[^>]*><span aria-hidden="true">—<\/span>/);

    const ld = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/);
    expect(ld).not.toBeNull();
    expect(JSON.parse(ld?.[1] ?? "{}")).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Ruairí Ó Sé",
      givenName: "Ruairí",
      familyName: "Ó Sé",
      memberOf: { "@type": "SportsTeam", name: "Shannonside Storm Powerchair Football Club" },
    });
  });

  it("escapes '<' in the JSON-LD so a name cannot close the script", async () => {
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "Evil </script><script>alert(1)</script>", slug: "evil" }));
    const html = await (await fetch(`${app.url}/team/evil`)).text();
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).toContain("\\u003c/script>");
  });

  it("answers 404 for an unknown slug, a malformed one and a coach", async () => {
    for (const slug of ["nobody-at-all", "Bad%20Slug", "coach-kelly"]) {
      const response = await fetch(`${app.url}/team/${slug}`);
      expect(response.status, slug).toBe(404);
      const html = await response.text();
      expect(html).toContain("Player not found");
      expect(html).toContain('href="/team"');
    }
  });

  it("answers 404 for an edit link to someone who is not there, and stays usable", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await fetch(`${app.url}/admin/team?edit=${id}`, { headers: { cookie } });
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html).toContain("This person is no longer on the team");
      expect(html).toContain("Add Player");
    }
  });
});
