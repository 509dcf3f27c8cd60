import { processValue } from "../../config/process-wide.ts";
import { readVariant, squareIcon } from "../media/media.server.ts";
import { parseMediaRef } from "../media/rules.ts";
import { getClub } from "./club.server.ts";
import { iconEtag, iconFile } from "./icons.ts";

// ADR 037: the icons made from the club's crest. Each is made once per crest and kept in this
// process (a handful of small PNGs); a new crest has a new hash, so nothing is ever stale.

export type CrestIcon =
  | { status: "not-found" }
  | { status: "bundled"; to: string }
  | { status: "busy" }
  | { status: "icon"; bytes: Buffer; etag: string };

const MAX_KEPT = 24;
const kept = () => processValue("crest-icons", () => new Map<string, Buffer>());

/** The icon `file` of the club's crest; the bundled file's address while it has none. */
export async function crestIcon({ file }: { file: string }): Promise<CrestIcon> {
  const settings = iconFile(file);
  if (!settings) return { status: "not-found" };
  const { details } = await getClub();
  const ref = parseMediaRef(details.crest);
  if (!ref) return { status: "bundled", to: settings.fallback };
  const etag = iconEtag({ crestHash: ref.hash, file });
  const key = `${etag}${details.colours.primary}`;
  const cache = kept();
  const known = cache.get(key);
  if (known) return { status: "icon", bytes: known, etag };
  // The largest stored variant (the master, ADR 017), in the format it was stored as.
  const source = await readVariant({ hash: ref.hash, width: ref.width, format: ref.fallback });
  // The crest's upload was deleted meanwhile (it cannot be while in use): the bundled icon.
  if (!source) return { status: "bundled", to: settings.fallback };
  const bytes = await squareIcon({
    bytes: source.bytes,
    size: settings.size,
    maskable: settings.maskable,
    background: details.colours.primary,
  });
  if (!bytes) return { status: "busy" };
  if (cache.size >= MAX_KEPT) cache.clear();
  cache.set(key, bytes);
  return { status: "icon", bytes, etag };
}
