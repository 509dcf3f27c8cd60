import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { hashAt } from "../../../tests/password-hash.ts";
import { loadEnv } from "../../config/env.server.ts";
import { administrators, sessions } from "../../db/schema.ts";
import {
  AdministratorError,
  createAdministrator,
  ensureAdministrator,
  LAST_ADMINISTRATOR,
  listAdministrators,
  removeAdministrator,
  removeAdministratorRecord,
  resetAdministratorPassword,
  restoreAdministrator,
  setAdministratorRoles,
  verifyCredentials,
} from "./administrators.server.ts";

const PASSWORD = "amber-kettle-river-42";

describeWithDatabases("administrators", ({ db }) => {
  it("creates an administrator with a scrypt hash, never the password itself", async () => {
    const created = await createAdministrator({
      email: " Coach@Club.Example ",
      password: PASSWORD,
    });
    expect(created.email).toBe("coach@club.example");
    const [row] = await db().select().from(administrators).where(eq(administrators.id, created.id));
    // N is 2 ** PASSWORD_HASH_COST (lowered for the test suites: vitest.config.ts).
    expect(row?.passwordHash).toMatch(
      new RegExp(`^scrypt\\$${2 ** loadEnv().PASSWORD_HASH_COST}\\$8\\$1\\$`),
    );
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it("refuses a weak password or a duplicate e-mail, writing nothing", async () => {
    const before = (await listAdministrators()).length;
    await expect(
      createAdministrator({ email: "new@club.example", password: "short" }),
    ).rejects.toThrow("at least 12 characters");
    await expect(
      createAdministrator({ email: "new@club.example", password: "password1234" }),
    ).rejects.toThrow(AdministratorError);
    // rules §12: long enough, but a cracker's first guesses.
    await expect(
      createAdministrator({ email: "new@club.example", password: "abababababab" }),
    ).rejects.toThrow("too easy to guess");
    await expect(
      createAdministrator({ email: "not-an-email", password: PASSWORD }),
    ).rejects.toThrow("not a valid e-mail address");
    await expect(
      createAdministrator({ email: "COACH@club.example", password: PASSWORD }),
    ).rejects.toThrow("already exists");
    expect(await listAdministrators()).toHaveLength(before);
  });

  it("verifies credentials case-insensitively on the e-mail, and only the right password", async () => {
    expect(
      await verifyCredentials({ email: "coach@CLUB.example", password: PASSWORD }),
    ).toMatchObject({
      email: "coach@club.example",
    });
    expect(
      await verifyCredentials({ email: "coach@club.example", password: `${PASSWORD}x` }),
    ).toBeNull();
    expect(
      await verifyCredentials({ email: "nobody@club.example", password: PASSWORD }),
    ).toBeNull();
  });

  it("makes a hash of another cost again at the cost set now, on a sign-in with the right password only", async () => {
    const cost = loadEnv().PASSWORD_HASH_COST;
    const older = hashAt(PASSWORD, 2 ** (cost + 1));
    const where = eq(administrators.email, "coach@club.example");
    await db().update(administrators).set({ passwordHash: older }).where(where);
    const stored = async () =>
      (
        await db().select({ hash: administrators.passwordHash }).from(administrators).where(where)
      )[0]?.hash;

    expect(
      await verifyCredentials({ email: "coach@club.example", password: `${PASSWORD}x` }),
    ).toBeNull();
    expect(await stored()).toBe(older);

    expect(
      await verifyCredentials({ email: "coach@club.example", password: PASSWORD }),
    ).not.toBeNull();
    const upgraded = await stored();
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${2 ** cost}\\$8\\$1\\$`));
    expect(
      await verifyCredentials({ email: "coach@club.example", password: PASSWORD }),
    ).not.toBeNull();
    // Once made at today's cost, a sign-in leaves it alone.
    expect(await stored()).toBe(upgraded);
  });

  it("records the last sign-in", async () => {
    const [admin] = await listAdministrators();
    expect(admin?.lastLoginAt).toBeInstanceOf(Date);
  });

  it("resets a password (checked like a new one)", async () => {
    await expect(
      resetAdministratorPassword({ email: "coach@club.example", password: "qwerty123456" }),
    ).rejects.toThrow("too common");
    await resetAdministratorPassword({
      email: "coach@club.example",
      password: "new-river-kettle-77",
    });
    expect(await verifyCredentials({ email: "coach@club.example", password: PASSWORD })).toBeNull();
    expect(
      await verifyCredentials({ email: "coach@club.example", password: "new-river-kettle-77" }),
    ).not.toBeNull();
    await expect(
      resetAdministratorPassword({ email: "ghost@club.example", password: "new-river-kettle-77" }),
    ).rejects.toThrow("There is no administrator");
  });

  it("ensures the start-up administrator without overwriting the password unless asked", async () => {
    const input = { email: "chair@club.example", password: "start-up-password-1" };
    expect(await ensureAdministrator({ ...input, resetPassword: false })).toBe("created");
    expect(
      await ensureAdministrator({ ...input, password: "other-password-22", resetPassword: false }),
    ).toBe("unchanged");
    expect(await verifyCredentials(input)).not.toBeNull();
    expect(
      await ensureAdministrator({ ...input, password: "other-password-22", resetPassword: true }),
    ).toBe("reset");
    expect(await verifyCredentials({ ...input, password: "other-password-22" })).not.toBeNull();
    // rules §12: a weak ADMIN_PASSWORD is refused, saying why, for a new one and a reset.
    for (const email of ["new-chair@club.example", input.email])
      await expect(
        ensureAdministrator({ email, password: "abababababab", resetPassword: true }),
      ).rejects.toThrow(/too easy to guess.*Choose a longer one/);
    expect(await verifyCredentials({ ...input, password: "other-password-22" })).not.toBeNull();
  });

  it("removes an administrator together with their sessions", async () => {
    const admin = await createAdministrator({ email: "temp@club.example", password: PASSWORD });
    await db()
      .insert(sessions)
      .values({
        idHash: "x".repeat(64),
        administratorId: admin.id,
        expiresAt: new Date(Date.now() + 1e6),
      });
    await removeAdministrator({ email: "TEMP@club.example" });
    expect((await listAdministrators()).map((a) => a.email)).not.toContain("temp@club.example");
    expect(
      await db().select().from(sessions).where(eq(sessions.administratorId, admin.id)),
    ).toEqual([]);
    await expect(removeAdministrator({ email: "temp@club.example" })).rejects.toThrow(
      "There is no administrator",
    );
  });

  it("gives roles: Administrator by default, the ones named otherwise; a change is read again", async () => {
    await db().delete(administrators);
    const chair = await createAdministrator({ email: "chair@club.example", password: PASSWORD });
    expect(chair.roles).toEqual(["administrator"]);
    const press = await createAdministrator({
      email: "press@club.example",
      password: PASSWORD,
      roles: ["team-manager", "editor"],
    });
    expect(press.roles).toEqual(["editor", "team-manager"]);
    const changed = await setAdministratorRoles({ id: press.id, roles: ["results-secretary"] });
    expect(changed).toMatchObject({ status: "changed", before: ["editor", "team-manager"] });
    expect((await listAdministrators()).find((a) => a.id === press.id)?.roles).toEqual([
      "results-secretary",
    ]);
  });

  it("keeps the last Administrator who can sign in: neither their role nor themselves can go", async () => {
    await db().delete(administrators);
    const chair = await createAdministrator({ email: "chair@club.example", password: PASSWORD });
    const editor = await createAdministrator({
      email: "editor@club.example",
      password: PASSWORD,
      roles: ["editor"],
    });
    expect(await setAdministratorRoles({ id: chair.id, roles: ["editor"] })).toEqual({
      status: "last",
    });
    expect(await removeAdministratorRecord({ id: chair.id })).toEqual({ status: "last" });
    await expect(removeAdministrator({ email: "chair@club.example" })).rejects.toThrow(
      LAST_ADMINISTRATOR,
    );
    // Another person who can sign in is not enough: they must be an Administrator.
    expect(await removeAdministratorRecord({ id: editor.id })).toMatchObject({
      status: "removed",
    });
    // With a second Administrator, the first may step down, and the roles come back on Undo.
    const treasurer = await createAdministrator({
      email: "treasurer@club.example",
      password: PASSWORD,
    });
    expect(await setAdministratorRoles({ id: chair.id, roles: ["editor"] })).toMatchObject({
      status: "changed",
    });
    const removed = await removeAdministratorRecord({ id: chair.id });
    if (removed.status !== "removed") throw new Error(removed.status);
    expect((await restoreAdministrator({ token: removed.token }))?.roles).toEqual(["editor"]);
    expect(await setAdministratorRoles({ id: treasurer.id, roles: [] })).toEqual({
      status: "last",
    });
  });
});
