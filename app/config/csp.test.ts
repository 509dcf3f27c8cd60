import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./csp.server.ts";

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

describe("inlineScriptHashes", () => {
  it("hashes the text of each inline script the browser runs, once", () => {
    const html = [
      "<script>document.documentElement.classList.add('js')</script>",
      '<script type="module">import "/assets/entry.js";</script>',
      "<script>document.documentElement.classList.add('js')</script>",
      '<script src="/assets/app.js"></script>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      // echo -n "document.documentElement.classList.add('js')" | openssl sha256 -binary | base64
      "'sha256-Du+OJKJSbdUgz5nrHeWWINvez6XKDDU/tyj/5c2uvwo='",
      "'sha256-OfjsKQ3ChL6NJUd5sQ8ep1lonjMsKLten46oPwgr6lw='",
    ]);
  });

  it("finds none in a document without inline scripts", () => {
    expect(inlineScriptHashes('<p>Hello</p><script src="/a.js"></script>')).toEqual([]);
  });
});
