import { data } from "react-router";
import { z } from "zod";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { LiveMatchList, LiveScoring } from "../../components/admin/live/live-scoring.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import type { AdminReply } from "../../domain/admin/reply.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import {
  getLiveMatch,
  holdScoring,
  listTodaysMatches,
  recordLiveEvent,
  takeOverScoring,
  undoLastEvent,
} from "../../domain/live/live.server.ts";
import { liveFormSchema } from "../../domain/live/live-event.schema.ts";
import { listPlayerNames } from "../../domain/team/team.server.ts";
import type { Route } from "./+types/live";

// Live scoring (rules §2 Live scoring, ADR 036): today's matches, and for the one chosen
// (?match=<id>) the buttons a scorer on the touchline needs. Every button posts one form with
// its intent; each event carries a request id and waits in the outbox offline (ADR 006).

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Live scoring | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const administrator = await requireAccess(request, "live");
  const now = new Date();
  const matchId = z.uuid().safeParse(new URL(request.url).searchParams.get("match"));
  const today = await listTodaysMatches({ now });
  const match = matchId.success ? await getLiveMatch({ fixtureId: matchId.data, now }) : null;
  if (matchId.success && !match) throw data(null, { status: 404 });
  const squad = match ? (await listPlayerNames()).map((player) => player.name).sort() : [];
  return {
    now: now.getTime(),
    me: administrator.id,
    today: today.map((fixture) => ({
      id: fixture.id,
      opponent: fixture.opponent,
      date: fixture.date?.toISOString() ?? null,
      timeTbc: fixture.timeTbc,
      location: fixture.location,
    })),
    match: match && {
      id: match.fixture.id,
      names: match.names,
      state: match.state,
      cup: match.cup,
      allowed: match.allowed,
      holder: match.hold
        ? { name: match.hold.holder, me: match.hold.administratorId === administrator.id }
        : null,
    },
    squad,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const administrator = await requireAccess(request, "live");
  const parsed = liveFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "That request was not understood.";
    return data<AdminReply>({ kind: "refused", message }, { status: 400 });
  }
  const form = parsed.data;
  const scorer = { id: administrator.id, email: administrator.email };
  if (form.intent === "heartbeat") {
    await holdScoring({ fixtureId: form.fixtureId, scorer, now: new Date(), takeOver: false });
    return data<AdminReply | null>(null);
  }
  const requestId = form.requestId ?? crypto.randomUUID();
  const outcome =
    form.intent === "take-over"
      ? await takeOverScoring({ fixtureId: form.fixtureId, scorer })
      : form.intent === "undo"
        ? await undoLastEvent({ fixtureId: form.fixtureId, requestId, scorer })
        : await recordLiveEvent({ input: { ...form, kind: form.intent, requestId }, scorer });
  if (!outcome.ok) {
    return data<AdminReply>(
      { kind: "refused", message: outcome.message },
      { status: outcome.status },
    );
  }
  return data<AdminReply>({
    kind: "saved",
    id: form.fixtureId,
    message: form.intent === "take-over" ? "You are scoring this match." : "Recorded.",
    focus: "row",
  });
}

// ADR 006: an event the server cannot take (no signal, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function LiveScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZone } = useClub();
  const reply =
    actionData && typeof actionData === "object" && "kind" in actionData ? actionData : null;
  const screen = {
    error: reply?.kind === "refused" ? reply.message : null,
    status: reply?.kind === "saved" ? reply.message : null,
    undo: undefined,
    actionHref: "/admin/live",
  };
  return (
    <>
      <AdminPageHeader
        title="Live scoring"
        intro={`Today's matches (club time, ${timeZone}). Record each event as it happens; without signal they wait on this phone and are sent in order.`}
        screen={screen}
      />
      {loaderData.match ? (
        <LiveScoring
          key={loaderData.match.id}
          match={loaderData.match}
          squad={loaderData.squad}
          serverNow={loaderData.now}
        />
      ) : (
        <LiveMatchList matches={loaderData.today} />
      )}
    </>
  );
}
