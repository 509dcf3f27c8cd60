import { z } from "zod";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { storeUpload } from "../../domain/media/media.server.ts";
import { MEDIA_MESSAGES, variantUrl } from "../../domain/media/rules.ts";
import type { Route } from "./+types/media-upload";

// One upload on its own (ADR 017), answered as JSON: the bio editor's pictures are uploaded
// as they are dropped or pasted, and the bio keeps their address instead of their bytes.

/** The width of a picture inside a bio: wide enough for the player page's text column. */
const BIO_IMAGE_WIDTH = 960;

const kindSchema = z.enum(["photo", "logo"]).catch("photo");

export async function action({ request }: Route.ActionArgs) {
  // Who asks comes first: nothing of the body is read for a visitor without a session.
  await requireAccess(request, "media-upload");
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return Response.json({ ok: false, message: MEDIA_MESSAGES.tooLarge }, { status: 413 });
  }
  const file = formData.get("file");
  if (!(file instanceof File)) {
    return Response.json({ ok: false, message: MEDIA_MESSAGES.empty }, { status: 400 });
  }
  const outcome = await storeUpload({
    bytes: new Uint8Array(await file.arrayBuffer()),
    kind: kindSchema.parse(formData.get("kind")),
    fileName: file.name,
  });
  if (!outcome.ok) return Response.json({ ok: false, message: outcome.message }, { status: 400 });
  const { media } = outcome;
  return Response.json({
    ok: true,
    url: media.url,
    src: variantUrl({
      hash: media.hash,
      width: Math.min(media.width, BIO_IMAGE_WIDTH),
      format: media.fallback,
    }),
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "media-upload");
  return new Response("Upload with POST.", { status: 405, headers: { Allow: "POST" } });
}
