import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { administrators, administratorTokens, sessions } from "../../db/schema.ts";
import {
  AdministratorError,
  changeOwnPassword,
  createAdministrator,
  LAST_ADMINISTRATOR,
  listAdministrators,
  removeAdministrator,
  removeAdministratorRecord,
  restoreAdministrator,
  verifyCredentials,
} from "./administrators.server.ts";
import {
  checkLink,
  inviteAdministrator,
  pendingInvitations,
  requestPasswordReset,
  setPasswordWithLink,
} from "./links.server.ts";
import { RESET_ANSWER_MS, RESET_LIMITS } from "./rules.ts";

const PASSWORD = "amber-kettle-river-42";
const NEW_PASSWORD = "harbour-lantern-violet-19";

describeWithDatabases("administrators' links and removal", ({ db }) => {
  it("invites: a record that cannot sign in, a link stored only as a hash, 48 hours", async () => {
    await createAdministrator({ email: "chair@club.example", password: PASSWORD });
    const invited = await inviteAdministrator({
      email: " New@Club.Example ",
      roles: ["administrator"],
    });
    expect(invited.email).toBe("new@club.example");
    expect(invited.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const tokens = await db().select().from(administratorTokens);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.tokenHash).not.toContain(invited.token);
    expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const hours = ((tokens[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    // Not yet able to sign in, whatever is typed.
    expect(await verifyCredentials({ email: "new@club.example", password: "!invited" })).toBeNull();
    expect((await pendingInvitations()).has(invited.id)).toBe(true);
    expect(await checkLink({ token: invited.token })).toEqual({
      ok: true,
      email: "new@club.example",
      purpose: "invite",
    });
    await expect(
      inviteAdministrator({ email: "chair@club.example", roles: ["administrator"] }),
    ).rejects.toThrow("already an administrator");
  });

  it("sets the password through the link once; a second use is refused and changes nothing", async () => {
    const invited = await inviteAdministrator({
      email: "second@club.example",
      roles: ["administrator"],
    });
    expect(await setPasswordWithLink({ token: invited.token, password: "short" })).toMatchObject({
      ok: false,
      passwordProblem: expect.stringContaining("at least 12"),
    });
    // A refused password does not use the link up.
    expect((await checkLink({ token: invited.token })).ok).toBe(true);
    const used = await setPasswordWithLink({ token: invited.token, password: NEW_PASSWORD });
    expect(used).toMatchObject({ ok: true, email: "second@club.example" });
    expect(
      await verifyCredentials({ email: "second@club.example", password: NEW_PASSWORD }),
    ).not.toBeNull();
    const [before] = await db()
      .select()
      .from(administrators)
      .where(eq(administrators.email, "second@club.example"));
    expect(
      await setPasswordWithLink({ token: invited.token, password: "another-lantern-word-88" }),
    ).toEqual({ ok: false, problem: "used", purpose: "invite" });
    const [after] = await db()
      .select()
      .from(administrators)
      .where(eq(administrators.email, "second@club.example"));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect((await pendingInvitations()).has(invited.id)).toBe(false);
  });

  it("refuses an expired link and changes nothing", async () => {
    const invited = await inviteAdministrator({
      email: "late@club.example",
      roles: ["administrator"],
    });
    await db()
      .update(administratorTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(administratorTokens.administratorId, invited.id));
    expect(await checkLink({ token: invited.token })).toEqual({
      ok: false,
      problem: "expired",
      purpose: "invite",
    });
    expect(await setPasswordWithLink({ token: invited.token, password: NEW_PASSWORD })).toEqual({
      ok: false,
      problem: "expired",
      purpose: "invite",
    });
    const [row] = await db().select().from(administrators).where(eq(administrators.id, invited.id));
    expect(row?.passwordSetAt).toBeNull();
    expect(await checkLink({ token: "x".repeat(43) })).toEqual({ ok: false, problem: "unknown" });
  });

  it("two uses of one link at the same moment: exactly one sets the password", async () => {
    const invited = await inviteAdministrator({
      email: "racer@club.example",
      roles: ["administrator"],
    });
    const outcomes = await Promise.all([
      setPasswordWithLink({ token: invited.token, password: NEW_PASSWORD }),
      setPasswordWithLink({ token: invited.token, password: "another-lantern-word-88" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  });

  it("inviting again replaces the older link", async () => {
    const first = await inviteAdministrator({
      email: "again@club.example",
      roles: ["administrator"],
    });
    const second = await inviteAdministrator({
      email: "again@club.example",
      roles: ["administrator"],
    });
    expect(second.id).toBe(first.id);
    expect(await checkLink({ token: first.token })).toEqual({ ok: false, problem: "unknown" });
    expect((await checkLink({ token: second.token })).ok).toBe(true);
  });

  it("Forgot password: a one-hour link for a known address, nothing for an unknown one, limited", async () => {
    const known = await requestPasswordReset({ email: "CHAIR@club.example", address: "10.0.0.1" });
    expect(known.status).toBe("issued");
    if (known.status !== "issued") return;
    const [token] = await db()
      .select()
      .from(administratorTokens)
      .where(eq(administratorTokens.purpose, "reset"));
    const minutes = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(
      await requestPasswordReset({ email: "ghost@club.example", address: "10.0.0.1" }),
    ).toEqual({
      status: "unknown",
    });
    // The link ends every session of that administrator.
    const [chair] = await db()
      .select()
      .from(administrators)
      .where(eq(administrators.email, "chair@club.example"));
    await db()
      .insert(sessions)
      .values({
        idHash: "s".repeat(64),
        administratorId: chair?.id ?? "",
        expiresAt: new Date(Date.now() + 1e6),
      });
    expect(await setPasswordWithLink({ token: known.token, password: NEW_PASSWORD })).toMatchObject(
      { ok: true },
    );
    expect(await db().select().from(sessions)).toEqual([]);
    // Per address, like sign-in: the 6th request in 15 minutes is refused.
    for (let n = 2; n < RESET_LIMITS.perAddress; n++)
      await requestPasswordReset({ email: `x${n}@club.example`, address: "10.0.0.1" });
    expect(
      await requestPasswordReset({ email: "chair@club.example", address: "10.0.0.1" }),
    ).toEqual({
      status: "limited",
    });
  });

  it("Forgot password: other people's requests never cancel a valid link nor stop the mail for good", async () => {
    const [chair] = await db()
      .select()
      .from(administrators)
      .where(eq(administrators.email, "chair@club.example"));
    await db().delete(administratorTokens);
    // Three requests from anyone, anywhere: three links, each still working.
    const tokens: string[] = [];
    for (let n = 1; n <= RESET_LIMITS.perEmail; n++) {
      const outcome = await requestPasswordReset({
        email: "chair@club.example",
        address: `192.0.2.${n}`,
      });
      expect(outcome.status).toBe("issued");
      if (outcome.status === "issued") tokens.push(outcome.token);
    }
    for (const token of tokens) expect((await checkLink({ token })).ok).toBe(true);
    // A fourth sends nothing (no mail bombing) and cancels nothing: the mailbox has links.
    expect(
      await requestPasswordReset({ email: "chair@club.example", address: "192.0.2.9" }),
    ).toEqual({
      status: "unknown",
    });
    for (const token of tokens) expect((await checkLink({ token })).ok).toBe(true);
    // Once those links are no longer valid, the administrator's own request is sent again.
    await db()
      .update(administratorTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(administratorTokens.administratorId, chair?.id ?? ""));
    const own = await requestPasswordReset({ email: "chair@club.example", address: "192.0.2.10" });
    expect(own.status).toBe("issued");
    // Using one link cancels the others (the password they were for has changed).
    await db()
      .update(administratorTokens)
      .set({ expiresAt: new Date(Date.now() + 1e6) });
    if (own.status === "issued")
      expect(await setPasswordWithLink({ token: own.token, password: PASSWORD })).toMatchObject({
        ok: true,
      });
    for (const token of tokens) expect((await checkLink({ token })).ok).toBe(false);
  });

  it("Forgot password answers no sooner than its fixed time, known address or not", async () => {
    for (const email of ["chair@club.example", "ghost@club.example"]) {
      const started = performance.now();
      await requestPasswordReset({ email, address: "198.51.100.1" });
      expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 1);
    }
  });

  it("refuses to remove the last administrator who can sign in, and changes nothing", async () => {
    for (const admin of await listAdministrators())
      if (admin.email !== "chair@club.example" && admin.passwordSetAt)
        expect((await removeAdministratorRecord({ id: admin.id })).status).toBe("removed");
    const active = (await listAdministrators()).filter((admin) => admin.passwordSetAt);
    expect(active.map((admin) => admin.email)).toEqual(["chair@club.example"]);
    const chair = active[0];
    expect(await removeAdministratorRecord({ id: chair?.id ?? "" })).toEqual({ status: "last" });
    await expect(removeAdministrator({ email: "chair@club.example" })).rejects.toThrow(
      LAST_ADMINISTRATOR,
    );
    await expect(removeAdministrator({ email: "chair@club.example" })).rejects.toThrow(
      AdministratorError,
    );
    expect((await listAdministrators()).filter((admin) => admin.passwordSetAt)).toHaveLength(1);
  });

  it("two removals at once cannot remove the last two administrators", async () => {
    const other = await createAdministrator({
      email: "treasurer@club.example",
      password: PASSWORD,
    });
    const [chair] = (await listAdministrators()).filter(
      (admin) => admin.email === "chair@club.example",
    );
    const outcomes = await Promise.all([
      removeAdministratorRecord({ id: chair?.id ?? "" }),
      removeAdministratorRecord({ id: other.id }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["last", "removed"]);
    expect((await listAdministrators()).filter((admin) => admin.passwordSetAt)).toHaveLength(1);
  });

  it("a removal can be undone (same id, same password); an invitee can always be removed", async () => {
    const other = await createAdministrator({
      email: "secretary@club.example",
      password: PASSWORD,
    });
    const removed = await removeAdministratorRecord({ id: other.id });
    expect(removed.status).toBe("removed");
    if (removed.status !== "removed") return;
    expect(await restoreAdministrator({ token: removed.token })).toMatchObject({ id: other.id });
    expect(
      await verifyCredentials({ email: "secretary@club.example", password: PASSWORD }),
    ).not.toBeNull();
    expect(await restoreAdministrator({ token: removed.token })).toBeNull();
    const invited = await inviteAdministrator({
      email: "pending@club.example",
      roles: ["administrator"],
    });
    expect((await removeAdministratorRecord({ id: invited.id })).status).toBe("removed");
    expect(await checkLink({ token: invited.token })).toEqual({ ok: false, problem: "unknown" });
  });

  it("changes your own password only with the current one, checked like a new one", async () => {
    const [admin] = (await listAdministrators()).filter(
      (row) => row.email === "secretary@club.example",
    );
    const administratorId = admin?.id ?? "";
    expect(
      await changeOwnPassword({
        administratorId,
        currentPassword: "wrong-password-123",
        newPassword: NEW_PASSWORD,
      }),
    ).toEqual({ currentPassword: ["That is not your current password."] });
    expect(
      await changeOwnPassword({
        administratorId,
        currentPassword: PASSWORD,
        newPassword: "abababababab",
      }),
    ).toEqual({ newPassword: [expect.stringContaining("too easy to guess")] });
    expect(
      await verifyCredentials({ email: "secretary@club.example", password: PASSWORD }),
    ).not.toBeNull();
    expect(
      await changeOwnPassword({
        administratorId,
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      }),
    ).toBeNull();
    expect(
      await verifyCredentials({ email: "secretary@club.example", password: NEW_PASSWORD }),
    ).not.toBeNull();
  });
});
