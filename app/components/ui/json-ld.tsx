import { useNonce } from "./nonce.tsx";

// Structured data for search engines (schema.org as JSON-LD). "<" is escaped so no value
// can close the script element early; the nonce keeps strict Content-Security-Policies
// happy even though a JSON block is never run.

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, not markup
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
