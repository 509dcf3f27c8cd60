import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { endPasswordChecks, passwordStrengthProblem } from "./password-strength.server.ts";
import { passwordProblem } from "./rules.ts";

// rules §12: "abababababab" met the length rule and was accepted.

// ADR 043: this process's children that check passwords, read from /proc (the integration
// suite shares modules between files, so a mocked spawn would not always be the one used).
function checkers(): { pid: number; commandLine: string }[] {
  const found: { pid: number; commandLine: string }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const commandLine = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (parent === process.pid && commandLine.includes("ZxcvbnFactory"))
        found.push({ pid: Number(entry), commandLine });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

describe("passwordStrengthProblem (zxcvbn-ts, score 3 or more)", () => {
  it("refuses passwords a cracker guesses quickly, though they are long enough", async () => {
    for (const password of ["abababababab", "qwertyuiopas"]) {
      expect(passwordProblem({ password }), password).toBeNull();
      expect(await passwordStrengthProblem({ password }), password).toMatch(/too easy to guess/);
    }
  });

  it("counts the administrator's e-mail as known to an attacker", async () => {
    expect(
      await passwordStrengthProblem({
        password: "siobhanmurphy1",
        email: "siobhan.murphy@club.example",
      }),
    ).toMatch(/too easy to guess/);
  });

  it("accepts a few unrelated words", async () => {
    expect(await passwordStrengthProblem({ password: "amber-kettle-river-42" })).toBeNull();
    expect(await passwordStrengthProblem({ password: "a long cache test password" })).toBeNull();
  });

  it("checks in a Node process of its own (ADR 043), never putting the password on its command line", async () => {
    endPasswordChecks();
    await vi.waitFor(() => expect(checkers()).toEqual([]));
    const password = "zebra-lantern-orchard-17";
    expect(await passwordStrengthProblem({ password, email: "chair@club.example" })).toBeNull();
    const [checker, ...more] = checkers();
    expect(more).toEqual([]);
    expect(checker?.commandLine).toContain(process.execPath);
    expect(checker?.commandLine).not.toContain(password);
    expect(checker?.commandLine).not.toContain("chair@club.example");
    // The next check reuses it; once ended, it exits.
    expect(await passwordStrengthProblem({ password: "abababababab" })).toMatch(/too easy/);
    expect(checkers().map(({ pid }) => pid)).toEqual([checker?.pid]);
    endPasswordChecks();
    await vi.waitFor(() => expect(checkers()).toEqual([]));
  });

  it("answers checks sent together, each its own", async () => {
    const answers = await Promise.all(
      ["abababababab", "amber-kettle-river-42", "qwertyuiopas"].map((password) =>
        passwordStrengthProblem({ password }),
      ),
    );
    expect(answers.map((answer) => answer === null)).toEqual([false, true, false]);
  });

  it("fails a check whose process stopped, and starts another for the next", async () => {
    endPasswordChecks();
    await vi.waitFor(() => expect(checkers()).toEqual([]));
    const check = passwordStrengthProblem({ password: "amber-kettle-river-42" });
    const [checker] = checkers();
    if (!checker) throw new Error("no checking process started");
    process.kill(checker.pid, "SIGKILL");
    await expect(check).rejects.toThrow("The password check stopped (SIGKILL)");
    expect(await passwordStrengthProblem({ password: "amber-kettle-river-42" })).toBeNull();
  });
});
