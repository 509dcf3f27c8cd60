// Text inside XML documents (the news feed, the sitemap): the five characters XML reserves
// are written as entities, and characters XML 1.0 forbids are left out, so any title or text
// an administrator types gives a well-formed document.

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to remove
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
