import { useNonce } from "./nonce.tsx";

// Structured data for search engines (schema.org as JSON-LD). The JSON goes into a script
// element as text: "<" is written as \u003c, so no value (a title with "</script>") can end
// the element early. The CSP nonce is set like on every other script of the page.

/** JSON that is safe inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not HTML (jsonForScript)
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  );
}
