import { Link } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import {
  CLUB_FORM_HEADING_ID,
  CLUB_FORM_ID,
  ClubForm,
  CREST_FILE,
  governingBodyLogoFile,
  HERO_IMAGE_FILE,
  videoThumbnailFile,
} from "../../components/admin/club-form.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import {
  CLUB_LIMITS,
  type ClubForm as ClubFormValue,
  clubFormFields,
  clubFormSchema,
  detailsFromForm,
} from "../../domain/club/club.schema.ts";
import { getClubSettings, saveClubDetails } from "../../domain/club/club.server.ts";
import type { Route } from "./+types/club";

// Club details (decisions 15, ADR 013; built on the admin resource module, ADR 005): the one
// settings record. Saved values show on the next request of every page, feed and e-mail.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Club details | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const SCREEN = "/admin/club";

const MESSAGES = {
  created: "Club details saved.",
  updated: "Club details saved.",
  gone: "The club details were changed elsewhere: reload the page and try again. Nothing was saved.",
  expired: "Nothing to restore.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "club");
  const url = new URL(request.url);
  const { id, details } = await getClubSettings();
  return { id, details, saved: savedReplyFromUrl({ url, messages: MESSAGES }) };
}

// The form does not edit the setup checklist's dismissal (decisions 35): a save keeps it.
const save = async ({ id, ...form }: ClubFormValue & { id: string }) => {
  const { details: stored } = await getClubSettings();
  return saveClubDetails({ id, details: detailsFromForm({ ...form, id }, stored) });
};

export const action = adminAction({
  screen: "club",
  form: {
    fields: clubFormFields,
    schema: clubFormSchema,
    // ADR 017: each uploaded logo or thumbnail is stored first; its address fills the row.
    uploads: [
      // ADR 037: the crest (header, footer, icons) and the home page's picture.
      { field: "crest", file: CREST_FILE, kind: "logo" as const },
      { field: "heroImage", file: HERO_IMAGE_FILE, kind: "photo" as const },
      ...Array.from({ length: CLUB_LIMITS.governingBodiesMax }, (_, index) => ({
        field: `governingBodies[${index}].logo`,
        file: governingBodyLogoFile(index),
        kind: "logo" as const,
      })),
      ...Array.from({ length: CLUB_LIMITS.shortVideosMax }, (_, index) => ({
        field: `shortVideos[${index}].thumbnail`,
        file: videoThumbnailFile(index),
        kind: "photo" as const,
      })),
    ],
    // The form always carries the record's id; without one (a hand-made post) the one record.
    create: async (form) => {
      const saved = await save({ ...form, id: (await getClubSettings()).id });
      if (!saved) throw new Error("club details: the record is gone");
      return saved;
    },
    update: save,
  },
  // The details are never deleted.
  remove: async () => null,
  restore: async () => null,
  listHref: () => SCREEN,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

// Where each group of details shows on the site (issue: "on each saved item a link to where it appears").
const WHERE = [
  { to: "/", label: "Home page", text: "name, tagline, picture, social links" },
  { to: "/contact", label: "Contact page", text: "e-mail, phone contacts, address and map" },
  { to: "/sponsors", label: "Sponsors page", text: "the Become a Sponsor text" },
  {
    to: "/",
    label: "Footer of every page",
    text: "crest, governing bodies, social links, sponsors",
  },
];

export default function ClubDetailsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { id, details, saved } = loaderData;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: null,
    formId: CLUB_FORM_ID,
    formHeadingId: CLUB_FORM_HEADING_ID,
  });
  return (
    <>
      <AdminPageHeader
        title="Club details"
        intro="The club's name, colours, contact details, links and governing bodies. The site shows a change on the next page anyone opens."
        screen={screen}
      />
      <section
        id={rowDomId(id)}
        tabIndex={-1}
        aria-labelledby="club-where-title"
        className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2
          id="club-where-title"
          className="font-display text-xl font-bold uppercase text-slate-900"
        >
          Where it appears
        </h2>
        <ul className="mt-2 grid gap-x-6 sm:grid-cols-2">
          {WHERE.map((place) => (
            <li key={place.label} className="py-1">
              <Link
                to={place.to}
                className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4 hover:no-underline"
              >
                {place.label}
              </Link>
              <span className="text-sm text-slate-600">: {place.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <ClubForm
        key={screen.formKey}
        id={id}
        details={details}
        lastResult={screen.lastResult}
        action={screen.actionHref}
      />
    </>
  );
}
