import { crestIcon } from "../../domain/club/icons.server.ts";
import { ICON_CACHE_CONTROL } from "../../domain/club/icons.ts";
import type { Route } from "./+types/brand-icon";

// ADR 037: /brand/<file>, the browser and phone icons made from the club's crest, at
// addresses that do not change when the crest does (the head and the manifest name them).
export async function loader({ params, request }: Route.LoaderArgs) {
  const icon = await crestIcon({ file: params.file });
  switch (icon.status) {
    case "not-found":
      return new Response("Not found.", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    case "busy":
      return new Response("Busy, please try again.", {
        status: 503,
        headers: { "Retry-After": "5", "Cache-Control": "no-store" },
      });
    case "bundled":
      // The bundled icon until the club uploads a crest; asked again after a day at most.
      return new Response(null, {
        status: 302,
        headers: { Location: icon.to, "Cache-Control": ICON_CACHE_CONTROL },
      });
    case "icon": {
      const headers = {
        "Content-Type": "image/png",
        "Cache-Control": ICON_CACHE_CONTROL,
        ETag: icon.etag,
      };
      if (request.headers.get("If-None-Match") === icon.etag) {
        return new Response(null, { status: 304, headers });
      }
      return new Response(new Uint8Array(icon.bytes), { headers });
    }
  }
}
