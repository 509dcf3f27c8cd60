import { z } from "zod";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { listMediaChoices } from "../../domain/media/media.server.ts";
import type { Route } from "./+types/media-choices";

// The earlier uploads an image field can take again ("Choose from library", ADR 017), as
// JSON: newest first, of the field's kind (photos for photos, logos for logos).

const kindSchema = z.enum(["photo", "logo"]).catch("photo");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "media-choices");
  const kind = kindSchema.parse(new URL(request.url).searchParams.get("kind"));
  return Response.json(
    { choices: await listMediaChoices({ kind }) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
