import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { PASTE_ROWS_MAX, PASTE_TEXT_MAX, type PasteReply } from "../../domain/table/paste.ts";
import { Abbreviation } from "../ui/abbreviation.tsx";
import { buttonStyles } from "./form-fields.tsx";

// Manage League Table's paste (rules §5 League table paste): rows copied from a spreadsheet or
// a league's site, previewed with every refused line named, then saved in one go. Two plain
// form posts (Preview, Save): it works without the page's scripts, like every admin form.

const COLUMNS = [
  ["P", "Played", "played"],
  ["W", "Won", "won"],
  ["D", "Drawn", "drawn"],
  ["L", "Lost", "lost"],
  ["GF", "Goals for", "gf"],
  ["GA", "Goals against", "ga"],
  ["Pts", "Points", "points"],
] as const;

export function TablePaste({
  action,
  reply,
  teamName,
}: {
  /** The screen's address with ?paste (and the season's). */
  action: string;
  reply: PasteReply | null;
  teamName: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const preview = reply?.stage === "preview" ? reply : null;
  const text = reply && reply.stage !== "saved" ? reply.text : "";
  const canSave = preview !== null && preview.errors.length === 0 && preview.rows.length > 0;
  // The answer (preview, saved, refused) is where the administrator is taken next.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reply) answer.current?.focus();
  }, [reply]);
  return (
    <details
      open={reply !== null}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <summary className="min-h-11 cursor-pointer py-2 font-display text-xl font-extrabold uppercase text-slate-900">
        Paste rows from a spreadsheet
      </summary>
      <Form method="post" action={action} className="mt-3 space-y-3">
        <div>
          <label htmlFor="table-paste-rows" className="block text-sm font-semibold text-slate-800">
            Rows to paste
          </label>
          <p id="table-paste-hint" className="mt-1 text-sm text-slate-600">
            Copy the table from a spreadsheet or the league's site and paste it here: one team a
            line, the team then P, W, D, L, GF, GA and Pts (GD may be there too; it is worked out
            anyway), separated by tabs or commas. A header row is optional and may put the columns
            in any order. Teams already in the table are updated, others added; up to{" "}
            {PASTE_ROWS_MAX} at a time.
          </p>
          <textarea
            id="table-paste-rows"
            name="rows"
            required
            rows={6}
            maxLength={PASTE_TEXT_MAX}
            defaultValue={text}
            key={reply?.stage === "saved" ? "saved" : "typing"}
            aria-describedby="table-paste-hint"
            spellCheck={false}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          />
        </div>
        <p className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="preview"
            disabled={busy}
            className={buttonStyles.secondary}
          >
            Preview
          </button>
          {canSave ? (
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              className={buttonStyles.primary}
            >
              Save {preview.rows.length} {preview.rows.length === 1 ? "row" : "rows"}
            </button>
          ) : null}
        </p>
      </Form>
      <div ref={answer} tabIndex={-1} className="mt-4 outline-none" aria-live="polite">
        {reply?.stage === "saved" ? (
          <p className="rounded-md bg-green-50 px-3 py-2 font-semibold text-green-900">
            Table saved: {reply.created} added, {reply.updated} updated.
          </p>
        ) : null}
        {reply?.stage === "refused" ? (
          <p className="rounded-md bg-red-50 px-3 py-2 font-semibold text-red-900">
            {reply.message}
          </p>
        ) : null}
        {preview ? <Preview preview={preview} teamName={teamName} /> : null}
      </div>
    </details>
  );
}

function Preview({
  preview,
  teamName,
}: {
  preview: Extract<PasteReply, { stage: "preview" }>;
  teamName: string;
}) {
  return (
    <div className="space-y-3">
      {preview.errors.length > 0 ? (
        <div className="rounded-md bg-red-50 px-3 py-2 text-red-900">
          <h3 className="font-semibold">
            {preview.errors.length === 1
              ? "1 line needs correcting before saving"
              : `${preview.errors.length} lines need correcting before saving`}
          </h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {preview.errors.map((error) => (
              <li key={`${error.line}-${error.message}`}>
                {error.line === null ? error.message : `Line ${error.line}: ${error.message}`}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="font-semibold text-slate-900">
          Check the rows below, then press Save.
          {preview.header ? " The first line was read as column headings." : ""}
        </p>
      )}
      {preview.rows.length > 0 ? (
        <section
          aria-label="Preview of the pasted rows"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="overflow-x-auto"
        >
          <table className="w-full min-w-[30rem] border-collapse text-left text-sm">
            <caption className="sr-only">The pasted rows as they would be saved</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="py-2 pr-2">
                  Line
                </th>
                <th scope="col" className="py-2 pr-2">
                  Team
                </th>
                {COLUMNS.map(([abbr, full]) => (
                  <th key={abbr} scope="col" className="px-1 py-2 text-center">
                    <Abbreviation short={abbr} full={full} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.line} className="border-b border-slate-100">
                  <td className="py-2 pr-2 tabular-nums text-slate-600">{row.line}</td>
                  <th scope="row" className="py-2 pr-2 font-semibold text-slate-900">
                    {row.team}
                    {row.club ? (
                      <span className="block text-xs font-normal text-slate-700">
                        Unless its row is set to "Enter this row by hand", the public table counts{" "}
                        {teamName}'s figures from its league results; these are kept for when it is.
                      </span>
                    ) : null}
                  </th>
                  {COLUMNS.map(([abbr, , key]) => (
                    <td key={abbr} className="px-1 py-2 text-center tabular-nums">
                      {row[key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
