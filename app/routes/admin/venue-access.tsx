import { data, Link } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import {
  ACCESS_GUIDE_HEADING_ID,
  AccessGuideForm,
  accessGuideFormId,
  accessPhotoFile,
} from "../../components/admin/access-guide-form.tsx";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { getClubTimeZone } from "../../domain/club/club.server.ts";
import { clubDates } from "../../domain/dates/format.ts";
import {
  getVenue,
  listVenues,
  updateVenueAccessGuide,
} from "../../domain/fixtures/venues.server.ts";
import {
  ACCESS_PHOTO_SLOTS,
  accessGuideFields,
  accessGuideFormDefaults,
  accessGuideSchema,
  guideFromForm,
  readAccessGuide,
} from "../../domain/venues/access-guide.schema.ts";
import { venuePath, venueSlugs } from "../../domain/venues/rules.ts";
import type { Route } from "./+types/venue-access";

// A venue's access guide (ADR 031; on the admin resource module, ADR 005): the screen of one
// venue, from its row on Venues. A save stays on the screen and says so; a guide is never
// deleted (its fields are emptied instead).

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: `Access guide ${loaderData?.venue.name ?? ""} | ${clubFromMatches(matches).shortName} admin`,
  },
  { name: "robots", content: "noindex" },
];

const MESSAGES = {
  created: "Access guide saved.",
  updated: "Access guide saved.",
  gone: "This venue no longer exists: it may have been deleted. Nothing was saved.",
  expired: "An access guide is never deleted.",
};

/** The club's day, yyyy-MM-dd: a guide cannot have been checked after it. */
const clubToday = async () =>
  clubDates({ timeZone: await getClubTimeZone() }).toDateInputValue(new Date());

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "venue-access");
  const id = accessGuideFields.shape.id.safeParse(params.id);
  const venue = id.success ? await getVenue({ id: id.data }) : null;
  if (!venue) throw data(null, { status: 404 });
  const slug = venueSlugs(await listVenues()).get(venue.name) ?? "";
  return {
    venue: { id: venue.id, name: venue.name, path: venuePath(slug) },
    defaults: accessGuideFormDefaults({ id: venue.id, guide: readAccessGuide(venue.accessGuide) }),
    today: await clubToday(),
    saved: savedReplyFromUrl({ url: new URL(request.url), messages: MESSAGES }),
  };
}

// The schema knows the club's day, so the action is made per request.
export async function action(args: Route.ActionArgs) {
  return adminAction({
    screen: "venue-access",
    form: {
      fields: accessGuideFields,
      schema: accessGuideSchema({ today: await clubToday() }),
      // ADR 017: an uploaded photo is stored first; its address becomes the photo's field.
      uploads: ACCESS_PHOTO_SLOTS.map((slot) => ({
        field: `photo${slot}`,
        file: accessPhotoFile(slot),
        kind: "photo" as const,
      })),
      // Every venue has its guide: there is nothing to add.
      create: async () => ({ refused: MESSAGES.gone }),
      update: (form) => updateVenueAccessGuide({ id: form.id, guide: guideFromForm(form) }),
    },
    remove: async () => ({ refused: MESSAGES.expired }),
    restore: async () => null,
    // Back to this screen (a script's post asks for its `.data` address).
    listHref: (url) => url.pathname.replace(/\.data$/, ""),
    messages: MESSAGES,
  })(args);
}

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function VenueAccess({ loaderData, actionData }: Route.ComponentProps) {
  const { venue, defaults, today, saved } = loaderData;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: venue.id,
    formId: accessGuideFormId(venue.id),
    formHeadingId: ACCESS_GUIDE_HEADING_ID,
  });
  return (
    <>
      <AdminPageHeader
        title="Access guide"
        intro={
          <>
            What a visitor in a powerchair needs to know before the journey to {venue.name}. It is
            shown on{" "}
            <Link to={venue.path} className="font-semibold text-club underline underline-offset-4">
              the venue's page
            </Link>
            . Back to{" "}
            <Link
              to="/admin/venues"
              className="font-semibold text-club underline underline-offset-4"
            >
              Venues
            </Link>
            .
          </>
        }
        screen={screen}
      />
      <AccessGuideForm
        key={screen.formKey}
        venue={venue}
        defaults={defaults}
        today={today}
        lastResult={screen.lastResult}
        action={screen.actionHref}
      />
    </>
  );
}
