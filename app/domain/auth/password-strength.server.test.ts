import { describe, expect, it } from "vitest";
import { passwordStrengthProblem } from "./password-strength.server.ts";
import { passwordProblem } from "./rules.ts";

// rules §12: "abababababab" met the length rule and was accepted.

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
});
