import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, markedScriptHashes, newScriptMark } from "./csp.server.ts";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("contentSecurityPolicy", () => {
  it("allows only the listed inline scripts and the embeds' origins, never other inline code", () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["'sha256-abc'"], development: false });
    expect(directive(policy, "script-src")).toEqual([
      "'self'",
      "'sha256-abc'",
      "https://www.tiktok.com",
    ]);
    expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
  });

  it("frames only the video and map embeds, and nothing frames the site", () => {
    const policy = contentSecurityPolicy({ scriptHashes: [], development: false });
    expect(directive(policy, "frame-src")).toEqual([
      "https://www.tiktok.com",
      "https://www.openstreetmap.org",
    ]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
  });

  it("adds the analytics origins only when a measurement id is configured", () => {
    const without = contentSecurityPolicy({ scriptHashes: [], development: false });
    expect(without).not.toContain("google");
    const withAnalytics = contentSecurityPolicy({
      scriptHashes: [],
      development: false,
      analytics: true,
    });
    expect(directive(withAnalytics, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(withAnalytics, "connect-src")).toContain("https://*.google-analytics.com");
  });
});

describe("markedScriptHashes (rules §12)", () => {
  it("hashes only the inline scripts rendered with this render's mark, once, and removes the mark", () => {
    const mark = newScriptMark();
    const html = [
      `<script nonce="${mark}">document.documentElement.classList.add('js')</script>`,
      `<script type="module" nonce="${mark}">import "/assets/entry.js";</script>`,
      `<script nonce="${mark}">document.documentElement.classList.add('js')</script>`,
      '<script>alert("injected")</script>',
      '<script nonce="guessed">alert("injected")</script>',
      `<script src="/assets/app.js" nonce="${mark}"></script>`,
      '<script type="application/ld+json">{"@type":"Person"}</script>',
    ].join("");
    const marked = markedScriptHashes({ html, mark });
    expect(marked.hashes).toEqual([
      // echo -n "document.documentElement.classList.add('js')" | openssl sha256 -binary | base64
      "'sha256-Du+OJKJSbdUgz5nrHeWWINvez6XKDDU/tyj/5c2uvwo='",
      "'sha256-OfjsKQ3ChL6NJUd5sQ8ep1lonjMsKLten46oPwgr6lw='",
    ]);
    expect(marked.html).not.toContain(mark);
    expect(marked.html).toContain('<script>alert("injected")</script>');
  });

  it("makes a new mark for every render", () => {
    expect(newScriptMark()).not.toBe(newScriptMark());
    expect(newScriptMark()).toMatch(/^[\w-]{24}$/);
  });
});
