import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { buildTeamMember } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { deletedRecords, teamMembers } from "../../db/schema.ts";
import type { TeamMemberInput } from "./team.schema.ts";
import {
  getPlayerBySlug,
  getTeamMember,
  listTeam,
  moveTeamMember,
  removeTeamMember,
  restoreTeamMember,
  saveTeamMember,
  teamMemberByOldSlug,
} from "./team.server.ts";

/** A complete, valid input as the form's schema gives it. */
function input(overrides: Partial<TeamMemberInput> = {}): TeamMemberInput {
  return {
    name: "John Smith",
    role: "Player",
    number: "TBD",
    position: "TBD",
    classification: "TBD",
    playingSince: "TBD",
    goals: 0,
    assists: 0,
    yellowCards: 0,
    redCards: 0,
    displayOrder: 0,
    image: null,
    bio: "",
    ...overrides,
  };
}

describeWithDatabases("team roster", ({ db }) => {
  const rowCount = async () =>
    (await db().select({ n: count() }).from(teamMembers))[0]?.n ?? Number.NaN;

  it("creates a person with a slug from the name and the defaults", async () => {
    const saved = await saveTeamMember(input({ name: "John Smith", number: "9", goals: 3 }));
    expect(saved?.created).toBe(true);
    expect(saved?.member).toMatchObject({
      name: "John Smith",
      slug: "john-smith",
      role: "Player",
      number: "9",
      position: "TBD",
      goals: 3,
      assists: 0,
      image: null,
      bio: "",
    });
    const [row] = await db()
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.id, saved?.member.id ?? ""));
    expect(row).toEqual(saved?.member);
  });

  it("gives a second and a third 'John Smith' distinct slugs, even at the same moment", async () => {
    const second = await saveTeamMember(input({ name: "John Smith" }));
    expect(second?.member.slug).toBe("john-smith-2");
    const [a, b] = await Promise.all([
      saveTeamMember(input({ name: "Jane Doe" })),
      saveTeamMember(input({ name: "Jane Doe" })),
    ]);
    expect(new Set([a?.member.slug, b?.member.slug])).toEqual(new Set(["jane-doe", "jane-doe-2"]));
  });

  it("overwrites every field on update; a new name gives a new slug", async () => {
    const created = await saveTeamMember(
      input({ name: "Orla Byrne", number: "4", bio: "<p>Old</p>", goals: 2 }),
    );
    const id = created?.member.id ?? "";
    const updated = await saveTeamMember(
      input({
        id,
        name: "Orla Byrne-Walsh",
        role: "Player",
        number: "TBD",
        position: "Defender",
        classification: "PF2",
        playingSince: "2019",
        goals: 0,
        assists: 5,
        yellowCards: 1,
        redCards: 1,
        displayOrder: 3,
        image: "https://cdn.example/orla.jpg",
        bio: "<p>New <strong>bio</strong></p>",
      }),
    );
    expect(updated?.created).toBe(false);
    const row = await getTeamMember({ id });
    expect(row).toMatchObject({
      id,
      slug: "orla-byrne-walsh",
      name: "Orla Byrne-Walsh",
      number: "TBD",
      position: "Defender",
      classification: "PF2",
      playingSince: "2019",
      goals: 0,
      assists: 5,
      yellowCards: 1,
      redCards: 1,
      displayOrder: 3,
      image: "https://cdn.example/orla.jpg",
      bio: "<p>New <strong>bio</strong></p>",
    });
    expect(row?.createdAt).toEqual(created?.member.createdAt);
  });

  it("keeps the old slugs of a renamed person, each leading to them; a slug in use is never taken", async () => {
    const created = await saveTeamMember(input({ name: "Aoife Kelly" }));
    const id = created?.member.id ?? "";
    // Saving without a rename, or with only the case changed, keeps the address.
    await saveTeamMember(input({ id, name: "Aoife KELLY" }));
    expect((await getTeamMember({ id }))?.slug).toBe("aoife-kelly");

    await saveTeamMember(input({ id, name: "Aoife Kelley" }));
    expect((await getTeamMember({ id }))?.slug).toBe("aoife-kelley");
    expect(await teamMemberByOldSlug({ slug: "aoife-kelly" })).toBe(id);

    // Renamed to a name someone else has: the next free slug.
    await saveTeamMember(input({ name: "Niamh Ryan" }));
    await saveTeamMember(input({ id, name: "Niamh Ryan" }));
    expect((await getTeamMember({ id }))?.slug).toBe("niamh-ryan-2");
    expect(await teamMemberByOldSlug({ slug: "aoife-kelley" })).toBe(id);
    expect(await teamMemberByOldSlug({ slug: "aoife-kelly" })).toBe(id);

    // Back to the first name: the old address is theirs again, and no longer a redirect.
    await saveTeamMember(input({ id, name: "Aoife Kelly" }));
    expect((await getTeamMember({ id }))?.slug).toBe("aoife-kelly");
    expect(await teamMemberByOldSlug({ slug: "aoife-kelly" })).toBeNull();
    expect(await teamMemberByOldSlug({ slug: "niamh-ryan-2" })).toBe(id);
    expect(await teamMemberByOldSlug({ slug: "nobody" })).toBeNull();
  });

  it("sanitises the bio on write", async () => {
    const saved = await saveTeamMember(
      input({
        name: "Bio Writer",
        bio: '<p onclick="x()">Hi <a href="javascript:alert(1)">me</a></p><script>alert(1)</script>',
      }),
    );
    const [row] = await db()
      .select({ bio: teamMembers.bio })
      .from(teamMembers)
      .where(eq(teamMembers.id, saved?.member.id ?? ""));
    expect(row?.bio).toBe(
      '<p>Hi <a href="about:blank" rel="noopener noreferrer" target="_blank">me</a></p>',
    );
  });

  it("sanitises the bio again on read, whatever is in the table", async () => {
    await db()
      .insert(teamMembers)
      .values(
        buildTeamMember({
          name: "Legacy Player",
          slug: "legacy-player",
          bio: '<p>Old <img src=x onerror="alert(1)">text</p><iframe src="https://evil.example"></iframe>',
        }),
      );
    const player = await getPlayerBySlug({ slug: "legacy-player" });
    expect(player?.bio).toBe("<p>Old text</p>");
  });

  it("finds players by slug but never a coach or an unknown slug", async () => {
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "Coach Carter", slug: "coach-carter", role: "Head Coach" }));
    expect((await getPlayerBySlug({ slug: "john-smith" }))?.name).toBe("John Smith");
    expect(await getPlayerBySlug({ slug: "coach-carter" })).toBeNull();
    expect(await getPlayerBySlug({ slug: "nobody-here" })).toBeNull();
    expect(await getTeamMember({ id: "00000000-0000-4000-8000-000000000000" })).toBeNull();
  });

  it("lists players by display order then name, then the head coach, then assistants", async () => {
    await db()
      .insert(teamMembers)
      .values([
        buildTeamMember({ name: "Zed Assistant", role: "Assistant Coach", displayOrder: 1 }),
        buildTeamMember({ name: "First Player", displayOrder: -1 }),
      ]);
    const team = await listTeam();
    const roles = team.map((member) => member.role);
    expect(roles.indexOf("Head Coach")).toBeGreaterThan(roles.lastIndexOf("Player"));
    expect(roles.indexOf("Assistant Coach")).toBeGreaterThan(roles.lastIndexOf("Head Coach"));
    expect(team[0]?.name).toBe("First Player");
    const players = team.filter((member) => member.role === "Player");
    for (let i = 1; i < players.length; i++) {
      const [a, b] = [players[i - 1], players[i]];
      expect(
        (a?.displayOrder ?? 0) < (b?.displayOrder ?? 0) ||
          (a?.displayOrder === b?.displayOrder &&
            (a?.name ?? "").localeCompare(b?.name ?? "", "en-GB") <= 0),
      ).toBe(true);
    }
    // The list leaves the bio out (it may hold pictures).
    expect(team[0]).not.toHaveProperty("bio");
  });

  it("deletes at once and restores the same id, slug and fields with the undo token", async () => {
    const saved = await saveTeamMember(
      input({ name: "Undo Me", number: "12", bio: "<p>Keep <em>me</em></p>", goals: 4 }),
    );
    const original = await getTeamMember({ id: saved?.member.id ?? "" });
    if (!original) throw new Error("not stored");
    const deleted = await removeTeamMember({ id: original.id });
    expect(deleted?.member.id).toBe(original.id);
    expect(await getTeamMember({ id: original.id })).toBeNull();

    const restored = await restoreTeamMember({ token: deleted?.token ?? "" });
    expect(restored).toEqual(original);
    expect(await getTeamMember({ id: original.id })).toEqual(original);
    // A token works once.
    expect(await restoreTeamMember({ token: deleted?.token ?? "" })).toBeNull();
  });

  it("restores under the next free slug if someone new took it meanwhile", async () => {
    const saved = await saveTeamMember(input({ name: "Slug Taker" }));
    const deleted = await removeTeamMember({ id: saved?.member.id ?? "" });
    const newcomer = await saveTeamMember(input({ name: "Slug Taker" }));
    expect(newcomer?.member.slug).toBe("slug-taker");
    const restored = await restoreTeamMember({ token: deleted?.token ?? "" });
    expect(restored?.id).toBe(saved?.member.id);
    expect(restored?.slug).toBe("slug-taker-2");
  });

  it("refuses unknown, malformed and expired undo tokens and unknown ids", async () => {
    expect(await removeTeamMember({ id: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    expect(await restoreTeamMember({ token: "not-a-token" })).toBeNull();
    expect(await restoreTeamMember({ token: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    const saved = await saveTeamMember(input({ name: "Expired Undo" }));
    const deleted = await removeTeamMember({ id: saved?.member.id ?? "" });
    await db()
      .update(deletedRecords)
      .set({ deletedAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(deletedRecords.token, deleted?.token ?? ""));
    expect(await restoreTeamMember({ token: deleted?.token ?? "" })).toBeNull();
  });

  it("refuses bad input with nothing written", async () => {
    const before = await db().select().from(teamMembers).orderBy(teamMembers.id);
    const bad: Partial<Record<keyof TeamMemberInput, unknown>>[] = [
      { name: "" },
      { name: "   " },
      { role: "Chairman" },
      { goals: -1 },
      { assists: 1.5 },
      { redCards: 100_000 },
      { image: "javascript:alert(1)" },
      { id: "not-a-uuid" },
    ];
    for (const overrides of bad) {
      await expect(
        saveTeamMember({ ...input(), ...overrides } as TeamMemberInput),
        JSON.stringify(overrides),
      ).rejects.toThrow();
    }
    // Updating someone who is not there writes nothing either.
    expect(
      await saveTeamMember(input({ id: "00000000-0000-4000-8000-000000000000", name: "Ghost" })),
    ).toBeNull();
    // The database refuses what the schema would never let through (the last line).
    await expect(
      db()
        .insert(teamMembers)
        .values(buildTeamMember({ name: "Negative", slug: "negative", goals: -5 })),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(teamMembers)
        .values(buildTeamMember({ name: "Twin", slug: "john-smith" })),
    ).rejects.toThrow();
    expect(await db().select().from(teamMembers).orderBy(teamMembers.id)).toEqual(before);
    expect(await rowCount()).toBe(before.length);
  });
});

describeWithDatabases("moving a person in the order (Move up / Move down)", ({ db }) => {
  it("swaps with the neighbour in the role group, renumbers the group and says where", async () => {
    await db().delete(teamMembers);
    const [a, b, c, coach] = await db()
      .insert(teamMembers)
      .values([
        buildTeamMember({ name: "Move A", slug: "move-a", displayOrder: 1 }),
        buildTeamMember({ name: "Move B", slug: "move-b", displayOrder: 4 }),
        buildTeamMember({ name: "Move C", slug: "move-c", displayOrder: 9 }),
        buildTeamMember({ name: "Move Coach", slug: "move-coach", role: "Head Coach" }),
      ])
      .returning();
    expect(await moveTeamMember({ id: c?.id ?? "", direction: "up" })).toEqual({
      name: "Move C",
      position: 2,
      count: 3,
      moved: true,
    });
    const order = (await listTeam()).map((member) => [member.name, member.displayOrder]);
    expect(order).toEqual([
      ["Move A", 1],
      ["Move C", 2],
      ["Move B", 3],
      ["Move Coach", coach?.displayOrder],
    ]);
    expect(await moveTeamMember({ id: a?.id ?? "", direction: "up" })).toMatchObject({
      position: 1,
      moved: false,
    });
    expect(b).toBeDefined();
  });

  it("answers null for someone no longer on the team", async () => {
    expect(
      await moveTeamMember({ id: "00000000-0000-4000-8000-000000000000", direction: "down" }),
    ).toBeNull();
  });
});
