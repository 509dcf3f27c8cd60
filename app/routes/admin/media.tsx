import { useEffect, useState } from "react";
import { Link, useNavigation } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { useClubDates } from "../../components/site/use-club-dates.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import {
  deleteMedia,
  listMedia,
  type MediaLibraryItem,
  restoreMedia,
} from "../../domain/media/media.server.ts";
import {
  formatBytes,
  mediaInUseMessage,
  mediaLabel,
  variantUrl,
  variantWidths,
} from "../../domain/media/rules.ts";
import type { Route } from "./+types/media";

// Photos and logos (ADR 017, built on the admin resource module, ADR 005): every upload with
// its size, where it is used (MEDIA_PLACES) and the storage all of them take. Delete with Undo
// for an upload nothing uses; one still used is refused by the server with the places that use
// it, whatever the browser sent. Uploads are made in the forms that show them (ImageField).

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Photos and logos | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/media";

const MESSAGES = {
  gone: "That upload no longer exists.",
  expired: "This upload can no longer be restored.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "media");
  return listMedia();
}

export const action = adminAction({
  screen: "media",
  remove: async ({ id }) => {
    const outcome = await deleteMedia({ id });
    if (!outcome) return null;
    if (!outcome.deleted) {
      return { refused: mediaInUseMessage(mediaLabel(outcome), outcome.uses) };
    }
    return { token: outcome.token, label: `“${mediaLabel({ ...outcome, description: "" })}”` };
  },
  restore: async ({ token }) => {
    const restored = await restoreMedia({ token });
    return restored && { id: restored.id, label: `“${restored.fileName || "Upload"}”` };
  },
  listHref: () => PATH,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { items, totalBytes } = loaderData;
  const screen = useAdminReply({ actionData });
  const unused = items.filter((item) => item.uses.length === 0).length;
  // The upload whose Delete was pressed last: a refusal is shown beside it too, where the
  // keyboard still is (the header's alert is what is announced).
  const [deleting, setDeleting] = useState<string | null>(null);
  const sent = navigation.formData;
  useEffect(() => {
    if (sent?.get("intent") === "delete") setDeleting(String(sent.get("id")));
  }, [sent]);
  return (
    <>
      <AdminPageHeader
        title="Photos and logos"
        intro="Every photo and logo uploaded, newest first, with where each is used. Upload them in the forms that show them (news, team, table); reuse one there with “Choose from library”."
        screen={screen}
      />
      <section
        aria-labelledby="storage-title"
        className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="storage-title" className="font-display text-xl font-bold uppercase text-slate-900">
          Storage
        </h2>
        <p className="mt-1 text-slate-800">
          {`${items.length} ${items.length === 1 ? "upload uses" : "uploads use"} ${formatBytes(totalBytes)}`}
          {items.length > 0 ? `; ${unused} not used anywhere.` : "."}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Each upload is kept as smaller copies for phones and large screens; the original file
          (with its location and camera details) is never stored.
        </p>
      </section>
      {items.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          No photos or logos uploaded yet.
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-busy={navigation.state !== "idle"}>
          {items.map((item) => (
            <li key={item.id}>
              <MediaRow
                item={item}
                action={screen.actionHref}
                refusal={item.id === deleting ? screen.error : null}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function MediaRow({
  item,
  action,
  refusal,
}: {
  item: MediaLibraryItem;
  action: string;
  refusal: string | null;
}) {
  const { formatShortDateTime } = useClubDates();

  const label = mediaLabel(item);
  const titleId = `media-${item.id}`;
  const thumbWidth = variantWidths(item.width)[0] ?? item.width;
  return (
    <article
      id={rowDomId(item.id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row"
    >
      <img
        src={variantUrl({ hash: item.hash, width: thumbWidth, format: item.fallback })}
        alt=""
        width={thumbWidth}
        height={Math.round((thumbWidth * item.height) / item.width)}
        loading="lazy"
        className="h-auto max-h-40 w-40 shrink-0 rounded-md bg-slate-100 object-contain"
      />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="text-lg font-bold text-slate-900 wrap-anywhere">
          {label}
        </h2>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
          {item.description && item.fileName ? (
            <>
              <dt className="font-semibold">File</dt>
              <dd className="wrap-anywhere">{item.fileName}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Kind</dt>
          <dd>{item.kind === "logo" ? "Logo" : "Photo"}</dd>
          <dt className="font-semibold">Size</dt>
          <dd>{`${item.width} × ${item.height} px, ${formatBytes(item.storedBytes)}`}</dd>
          <dt className="font-semibold">Uploaded</dt>
          <dd>
            <time dateTime={item.createdAt.toISOString()}>
              {formatShortDateTime(item.createdAt)}
            </time>
          </dd>
        </dl>
        <h3 className="mt-3 text-sm font-semibold text-slate-800">Used by</h3>
        {item.uses.length === 0 ? (
          <p className="text-sm text-slate-600">Not used anywhere: it can be deleted.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {item.uses.map((use) => (
              <li key={`${use.href}|${use.label}`}>
                <Link
                  to={use.href}
                  className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4 hover:no-underline sm:min-h-0"
                >
                  {use.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {refusal ? (
          <p className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {refusal}
          </p>
        ) : null}
        <div className="mt-4">
          <RowActions id={item.id} label={label} action={action} />
        </div>
      </div>
    </article>
  );
}
