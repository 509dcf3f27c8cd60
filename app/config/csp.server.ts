// The Content-Security-Policy of every HTML document. Scripts run only from our origin
// or with the per-response nonce; nothing may frame the site (clickjacking).
// Third-party origins are the few the public site needs (DECISIONS 19), and they are only
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
  nonce,
  development,
  analytics = false,
}: {
  nonce: string;
  development: boolean;
  /** True when an analytics measurement id is configured. */
  analytics?: boolean;
}): string {
  const thirdPartyScripts = [VIDEO_EMBED, ...(analytics ? [ANALYTICS_SCRIPT] : [])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": development
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...thirdPartyScripts]
      : ["'self'", `'nonce-${nonce}'`, ...thirdPartyScripts],
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
