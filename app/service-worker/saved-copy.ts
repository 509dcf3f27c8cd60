import { PUBLIC_OFFLINE_NOTICE } from "../domain/connectivity/rules.ts";
import { OFFLINE_COPY_NOTICE_ATTRIBUTE } from "./constants.ts";

// The public notice (decisions 22) as the page's own offline line draws it
// (components/connectivity/offline-notice.tsx), for the saved copy's HTML.
const SAVED_COPY_NOTICE = `<aside ${OFFLINE_COPY_NOTICE_ATTRIBUTE}="" role="status"><p class="flex items-center justify-center gap-2 bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white">${PUBLIC_OFFLINE_NOTICE}</p></aside>`;

/**
 * A saved copy's HTML with the notice in it: after the site header, or first in the body. A
 * child of <body> whose tag React does not expect there is passed over when the page hydrates
 * (React DOM's canHydrateInstance); an element of a tag it does expect next (a `div`: the page's
 * own live region) would be taken for it, and the page rendered again from scratch.
 */
export function withSavedCopyNotice(html: string): string {
  const header = html.match(/<header\b[^>]*\bdata-site-header\b[\s\S]*?<\/header>/);
  if (header?.index !== undefined) {
    const end = header.index + header[0].length;
    return html.slice(0, end) + SAVED_COPY_NOTICE + html.slice(end);
  }
  return html.replace(/<body\b[^>]*>/i, (body) => body + SAVED_COPY_NOTICE);
}
