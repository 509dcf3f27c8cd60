// Structured data for search engines (schema.org as JSON-LD). The JSON goes into a script
// element as text: "<" is written as \u003c, so no value (a title with "</script>") can end
// the element early. It is data, never run, so the Content-Security-Policy does not list it.

/** JSON that is safe inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not HTML (jsonForScript)
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  );
}
