import { createHash, randomBytes } from "node:crypto";

// The Content-Security-Policy of every HTML document. Scripts run only from our origin or,
// inline, when their exact text is listed by hash; nothing may frame the site (clickjacking).
// Hashes rather than a per-response nonce (ADR 007): a page served from the public page
// cache is byte-for-byte the page that was rendered, so its policy stays correct, and no
// value that must be unpredictable is ever sent twice.
// Third-party origins are the few the public site needs (decisions 19), and they are only
// contacted on the visitor's request or after consent: the short-video embed (TikTok), the
// 'Find Us' map (OpenStreetMap) and, only when a measurement id is configured, analytics.

const VIDEO_EMBED = "https://www.tiktok.com";
const MAP_EMBED = "https://www.openstreetmap.org";
const ANALYTICS_SCRIPT = "https://www.googletagmanager.com";
const ANALYTICS_COLLECT = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];

export function contentSecurityPolicy({
  scriptHashes,
  development,
  analytics = false,
}: {
  /** CSP source expressions ('sha256-…') of the document's inline scripts. */
  scriptHashes: string[];
  development: boolean;
  /** True when an analytics measurement id is configured. */
  analytics?: boolean;
}): string {
  const thirdPartyScripts = [VIDEO_EMBED, ...(analytics ? [ANALYTICS_SCRIPT] : [])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": development
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...thirdPartyScripts]
      : ["'self'", ...scriptHashes, ...thirdPartyScripts],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": [
      "'self'",
      ...(development ? ["ws:"] : []),
      ...(analytics ? ANALYTICS_COLLECT : []),
    ],
    "frame-src": [VIDEO_EMBED, MAP_EMBED],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

const INLINE_SCRIPT = /<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g;

/**
 * rules §12: a fresh, unguessable mark for one render. The scripts the framework writes
 * (React Router's <Scripts>, <ScrollRestoration>, the root's own) are rendered with it as
 * their nonce; only those are hashed, so a script injected into the page's content (which
 * cannot know the mark) is never allowed.
 */
export function newScriptMark(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * The hashes of the inline scripts rendered with `mark`, and the HTML without the mark (the
 * policy lists hashes, not a nonce: a cached page is sent again as it is, ADR 007). React
 * escapes "</script" inside script text, so an element's text ends at its own end tag.
 */
export function markedScriptHashes({ html, mark }: { html: string; mark: string }): {
  html: string;
  hashes: string[];
} {
  const attribute = ` nonce="${mark}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(attribute) || /\ssrc=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}
