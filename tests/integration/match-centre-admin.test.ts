import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { fixtures, leagueTable } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { getClubSettings, saveClubDetails } from "../../app/domain/club/club.server.ts";
import { FIXTURE_MESSAGES } from "../../app/domain/fixtures/fixture.schema.ts";
import { TABLE_MESSAGES } from "../../app/domain/table/table.schema.ts";
import { buildFixture, buildTableRow } from "../../scripts/factories.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases, useDemoClub } from "../db.ts";

// Manage Fixtures and Manage League Table over real HTTP, as a browser without JavaScript
// posts them (rules §5): good input is stored, bad input is refused with the
// message next to its field and nothing is written; the public pages and the calendar show
// a change at once.

const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describeWithDatabases("Manage Fixtures and Manage League Table over HTTP", ({ db }) => {
  // Written against the demo club (its name, address and e-mail).
  beforeAll(() => useDemoClub(db));
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({
      email: "fixtures@club.example",
      password: "amber-kettle-river-42",
    });
    cookie = await signIn({
      app,
      email: "fixtures@club.example",
      password: "amber-kettle-river-42",
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, form: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin: app.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form),
    });

  const state = async () => ({
    fixtures: await db().select().from(fixtures),
    table: await db().select().from(leagueTable),
  });

  const fixture = {
    intent: "save",
    opponent: "Kilkenny Kestrels",
    location: "UL Arena",
    date: "2031-07-15",
    time: "19:45",
    type: "AIPF League",
  };

  it("adds a fixture in club time, redirects with the list settings, and shows it at once", async () => {
    const response = await post("/admin/fixtures?filter=upcoming&q=kestrels", fixture);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(
      /^\/admin\/fixtures\?filter=upcoming&q=kestrels&saved=[0-9a-f-]{36}&done=created$/,
    );
    const [stored] = await db().select().from(fixtures);
    expect(stored?.date?.toISOString()).toBe("2031-07-15T18:45:00.000Z");
    expect(stored).toMatchObject({ opponent: "Kilkenny Kestrels", timeTbc: false, scorers: [] });

    const page = await (await fetch(`${app.url}/fixtures`)).text();
    expect(page).toContain("TUE 15 JUL — 19:45");
    const feed = await (await fetch(`${app.url}/fixtures/calendar.ics`)).text();
    expect(feed).toContain(`UID:${stored?.id}@shannonside-storm.example`);
    expect(feed).toContain("DTSTART:20310715T184500Z");
  });

  it("updates a fixture into a result with scorers and penalties", async () => {
    const [stored] = await db().select().from(fixtures);
    const response = await post(`/admin/fixtures?edit=${stored?.id}`, {
      ...fixture,
      id: stored?.id ?? "",
      type: "The Remembrance Cup",
      stage: "Final",
      homeScore: "2",
      awayScore: "2",
      pensHome: "4",
      pensAway: "3",
      "scorers[0].name": "Aisling Murphy",
      "scorers[0].minute": "12",
      "scorers[1].name": "",
      "scorers[1].minute": "",
    });
    expect(response.status).toBe(302);
    const [updated] = await db().select().from(fixtures);
    expect(updated).toMatchObject({
      id: stored?.id,
      stage: "Final",
      homeScore: 2,
      awayScore: 2,
      pensHome: 4,
      pensAway: 3,
      scorers: [{ name: "Aisling Murphy", minute: 12 }],
    });
  });

  it("refuses bad fixtures with the message next to the field, and writes nothing", async () => {
    const [stored] = await db().select().from(fixtures);
    const before = await state();
    const cases: [Record<string, string>, string][] = [
      [{ ...fixture, homeScore: "21", awayScore: "0" }, FIXTURE_MESSAGES.scoreRange],
      [
        { ...fixture, homeScore: "1", awayScore: "1", pensHome: "5", pensAway: "4" },
        FIXTURE_MESSAGES.penaltiesNotCup,
      ],
      [
        { ...fixture, homeScore: "1", awayScore: "0", "scorers[0].name": "Aisling Murphy" },
        FIXTURE_MESSAGES.scorerMinuteRequired,
      ],
      [{ ...fixture, location: "Other" }, FIXTURE_MESSAGES.locationOtherRequired],
      [{ ...fixture, opponent: "" }, FIXTURE_MESSAGES.opponentRequired],
      [{ ...fixture, stage: "Final" }, FIXTURE_MESSAGES.stageNotCup],
      // An update is checked the same way.
      [
        { ...fixture, id: stored?.id ?? "", homeScore: "21", awayScore: "0" },
        FIXTURE_MESSAGES.scoreRange,
      ],
    ];
    for (const [form, message] of cases) {
      const response = await post("/admin/fixtures", form);
      expect(response.status, message).toBe(400);
      expect(await response.text(), message).toContain(escaped(message));
    }
    expect(await state()).toEqual(before);
  });

  it("adds a scorer row without JavaScript and keeps what was typed", async () => {
    const before = await state();
    const response = await post("/admin/fixtures", {
      opponent: "Typed So Far",
      "scorers[0].name": "Aisling Murphy",
      "scorers[0].minute": "9",
      __intent__: JSON.stringify({
        type: "insert",
        payload: { name: "scorers", defaultValue: { name: "", minute: "" } },
      }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('value="Typed So Far"');
    expect(html).toContain('name="scorers[1].name"');
    expect(html).toContain('value="Aisling Murphy"');
    expect(await state()).toEqual(before);
  });

  it("names the club's score fields with the team name from Club details", async () => {
    const { id, details } = await getClubSettings();
    await saveClubDetails({ id, details: { ...details, teamName: "Storm Juniors" } });
    try {
      const html = await (await fetch(`${app.url}/admin/fixtures`, { headers: { cookie } })).text();
      expect(html).toMatch(/<label[^>]*>Storm Juniors score/);
    } finally {
      await saveClubDetails({ id, details });
    }
  });

  it("deletes a fixture with Undo", async () => {
    const [stored] = await db().select().from(fixtures);
    const deleted = await post("/admin/fixtures", { intent: "delete", id: stored?.id ?? "" });
    expect(deleted.status).toBe(200);
    expect(await db().select().from(fixtures)).toEqual([]);
    const token = /name="token" value="([0-9a-f-]{36})"/.exec(await deleted.text())?.[1];
    expect(token).toBeDefined();
    const restored = await post("/admin/fixtures", { intent: "undo", token: token ?? "" });
    expect(restored.status).toBe(200);
    expect(await db().select().from(fixtures)).toEqual([stored]);
  });

  const row = {
    intent: "save",
    team: "Kilkenny Kestrels",
    played: "3",
    won: "2",
    drawn: "1",
    lost: "0",
    gf: "7",
    ga: "2",
    points: "",
    logo: "",
  };

  it("adds a table row, working out points left empty, and shows it at once", async () => {
    const response = await post("/admin/table", row);
    expect(response.status).toBe(302);
    const [stored] = await db().select().from(leagueTable);
    expect(stored).toMatchObject({ team: "Kilkenny Kestrels", points: 7, played: 3, logo: null });
    const page = await (await fetch(`${app.url}/fixtures?tab=table`)).text();
    expect(page).toContain("Kilkenny Kestrels");
  });

  it("refuses bad table rows with the message next to the field, and writes nothing", async () => {
    await db()
      .insert(leagueTable)
      .values(buildTableRow({ team: "Cork Comets", won: 1 }));
    await db().insert(fixtures).values(buildFixture());
    const before = await state();
    const [stored] = await db().select().from(leagueTable);
    const cases: [Record<string, string>, string][] = [
      [{ ...row, team: "Other Team", points: "-1" }, TABLE_MESSAGES.wholeNumber],
      [
        { ...row, team: "Other Team", played: "4" },
        TABLE_MESSAGES.played({ won: 2, drawn: 1, lost: 0 }),
      ],
      [{ ...row, team: "Other Team", gf: "1.5" }, TABLE_MESSAGES.wholeNumber],
      [{ ...row, team: "cork comets" }, TABLE_MESSAGES.teamTaken],
      [{ ...row, team: "Other Team", logo: "javascript:alert(1)" }, TABLE_MESSAGES.logoInvalid],
      [{ ...row, id: stored?.id ?? "", points: "-3" }, TABLE_MESSAGES.wholeNumber],
    ];
    for (const [form, message] of cases) {
      const response = await post("/admin/table", form);
      expect(response.status, message).toBe(400);
      expect(await response.text(), message).toContain(escaped(message));
    }
    expect(await state()).toEqual(before);
  });

  it("deletes a table row with Undo, and a missing record in ?edit is a 404", async () => {
    const rows = await db().select().from(leagueTable);
    const target = rows.find((r) => r.team === "Cork Comets");
    const deleted = await post("/admin/table", { intent: "delete", id: target?.id ?? "" });
    const token = /name="token" value="([0-9a-f-]{36})"/.exec(await deleted.text())?.[1];
    expect((await db().select().from(leagueTable)).map((r) => r.team)).toEqual([
      "Kilkenny Kestrels",
    ]);
    await post("/admin/table", { intent: "undo", token: token ?? "" });
    expect((await db().select().from(leagueTable)).length).toBe(2);

    for (const path of ["/admin/table", "/admin/fixtures"]) {
      const missing = await fetch(`${app.url}${path}?edit=00000000-0000-4000-8000-000000000000`, {
        headers: { cookie },
      });
      expect(missing.status, path).toBe(404);
    }
  });

  it("previews a pasted table without writing, refuses a save with a wrong line, saves one without (rules §5 League table paste)", async () => {
    await db().delete(leagueTable);
    const text = "Team,P,W,D,L,GF,GA,Pts\nPaste Gulls,2,1,1,0,3,1,4\nPaste Terns,2,0,1,0,1,3,1";
    const preview = await post("/admin/table?paste", { intent: "preview", rows: text });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Line 3: ");
    expect(html).toContain(escaped("Played must equal won + drawn + lost"));
    const refused = await post("/admin/table?paste", { intent: "save", rows: text });
    expect(refused.status).toBe(400);
    expect(await db().select().from(leagueTable)).toEqual([]);

    const fixed = text.replace("Paste Terns,2,0,1,0", "Paste Terns,2,0,1,1");
    const saved = await post("/admin/table?paste", { intent: "save", rows: fixed });
    expect(saved.status).toBe(200);
    // React separates the numbers from the words around them with empty comments.
    expect((await saved.text()).replaceAll("<!-- -->", "")).toContain(
      "Table saved: 2 added, 0 updated.",
    );
    const rows = await db().select().from(leagueTable);
    expect(rows.map((row) => [row.team, row.played, row.points]).sort()).toEqual([
      ["Paste Gulls", 2, 4],
      ["Paste Terns", 2, 1],
    ]);

    // Without a session nothing is read or written.
    const anonymous = await fetch(`${app.url}/admin/table?paste`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", rows: fixed }),
    });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect((await db().select().from(leagueTable)).length).toBe(2);
  });
});
