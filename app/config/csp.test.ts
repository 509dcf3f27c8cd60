import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp.server.ts";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("contentSecurityPolicy", () => {
  it("allows only the nonce and the embeds' origins for scripts, never inline code", () => {
    const policy = contentSecurityPolicy({ nonce: "abc", development: false });
    expect(directive(policy, "script-src")).toEqual([
      "'self'",
      "'nonce-abc'",
      "https://www.tiktok.com",
    ]);
    expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
  });

  it("frames only the video and map embeds, and nothing frames the site", () => {
    const policy = contentSecurityPolicy({ nonce: "abc", development: false });
    expect(directive(policy, "frame-src")).toEqual([
      "https://www.tiktok.com",
      "https://www.openstreetmap.org",
    ]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
  });

  it("adds the analytics origins only when a measurement id is configured", () => {
    const without = contentSecurityPolicy({ nonce: "abc", development: false });
    expect(without).not.toContain("google");
    const withAnalytics = contentSecurityPolicy({
      nonce: "abc",
      development: false,
      analytics: true,
    });
    expect(directive(withAnalytics, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(withAnalytics, "connect-src")).toContain("https://*.google-analytics.com");
  });
});
