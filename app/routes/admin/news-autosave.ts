import { z } from "zod";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { recordActivity, withActivityContext } from "../../domain/activity/activity.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { newsActorOf } from "../../domain/news/manage-news.server.ts";
import { autosaveNewsDraft } from "../../domain/news/news-workflow.server.ts";
import type { Route } from "./+types/news-autosave";

// A draft saving itself while it is written (ADR 034): the news form posts its fields here
// every 10 seconds and when a field loses focus; the answer is JSON ({ saved, id }). The
// draft's creation is in Activity; the later autosaves of the same draft are not (one
// record per keystroke pause would bury every other change).

const TEXT_FIELDS = ["title", "content", "byline", "image", "imageAlt", "category", "fixtureId"];

export async function action({ request }: Route.ActionArgs) {
  // Who asks comes first: nothing of the body is read for a visitor without a session.
  const administrator = await requireAccess(request, "news-autosave");
  const formData = await request.formData();
  const id = z
    .uuid()
    .optional()
    .safeParse(formData.get("id") || undefined);
  if (!id.success) return Response.json({ saved: false, reason: "gone" }, { status: 400 });
  // Empty fields are "none", as the form's own schema reads them.
  const input = Object.fromEntries(
    TEXT_FIELDS.map((name) => [name, formData.get(name) || undefined] as const),
  );
  const outcome = await db().transaction((tx) =>
    withTransactionScope(tx, () =>
      withActivityContext({ actor: administrator, screen: "news" }, async () => {
        const saved = await autosaveNewsDraft({
          id: id.data,
          input,
          actor: newsActorOf(administrator),
        });
        if (saved.saved && saved.created) {
          await recordActivity({
            action: "create",
            recordId: saved.id,
            label: String(input.title ?? ""),
          });
        }
        return saved;
      }),
    ),
  );
  return Response.json(outcome, { headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "news-autosave");
  return new Response("Autosave with POST.", { status: 405, headers: { Allow: "POST" } });
}
