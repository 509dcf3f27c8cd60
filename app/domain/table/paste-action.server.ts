import { data } from "react-router";
import { recordChange, withActivityContext } from "../activity/activity.server.ts";
import { requireAccess } from "../auth/session.server.ts";
import { isRefusal, saveSeasonTableRows } from "../seasons/archive.server.ts";
import { nameKey } from "../seasons/rules.ts";
import type { Season } from "../seasons/seasons.server.ts";
import { PASTE_TEXT_MAX, type PasteReply, parseTablePaste } from "./paste.ts";

// Manage League Table's paste (rules §5 League table paste): "Preview" shows the rows as they
// would be saved and every refused line; "Save" parses the same text again (nothing from the
// preview is trusted) and stores the rows only when every line is accepted.

const reply = (value: PasteReply, status = 200) => data(value, { status });

/** The action for a paste: the session first, then the body (rules §6, ADR 005). */
export async function tablePasteAction({
  request,
  season,
  teamName,
}: {
  request: Request;
  season: () => Promise<Season | null>;
  /** The club's team (Club details), to say which row is counted from results. */
  teamName: () => Promise<string>;
}) {
  const administrator = await requireAccess(request, "table");
  const formData = await request.formData();
  const raw = formData.get("rows");
  const text = typeof raw === "string" ? raw.slice(0, PASTE_TEXT_MAX + 1) : "";
  const parsed = parseTablePaste(text);
  const shown = await season();
  if (!shown)
    return reply(
      { kind: "paste", stage: "refused", text, message: "That season no longer exists." },
      404,
    );
  if (formData.get("intent") !== "save" || parsed.errors.length > 0 || parsed.rows.length === 0) {
    const club = nameKey(await teamName());
    return reply(
      {
        kind: "paste",
        stage: "preview",
        text,
        header: parsed.header,
        errors: parsed.errors,
        rows: parsed.rows.map(({ line, values }) => ({
          line,
          team: values.team,
          played: values.played,
          won: values.won,
          drawn: values.drawn,
          lost: values.lost,
          gf: values.gf,
          ga: values.ga,
          points: values.points,
          club: nameKey(values.team) === club,
        })),
      },
      // A save asked for with refused lines changes nothing (4xx: ADR 007's cache stays).
      formData.get("intent") === "save" ? 400 : 200,
    );
  }
  const saved = await withActivityContext({ actor: administrator, screen: "table" }, () =>
    saveSeasonTableRows({
      season: shown,
      rows: parsed.rows.map((row) => row.values),
      // ADR 021: each row added or updated is recorded as this administrator's change.
      onSaved: ({ row, before }) =>
        recordChange({ action: before ? "update" : "create", recordId: row.id, before }),
    }),
  );
  if (isRefusal(saved)) {
    return reply({ kind: "paste", stage: "refused", text, message: saved.refused }, 409);
  }
  return reply({ kind: "paste", stage: "saved", ...saved });
}
