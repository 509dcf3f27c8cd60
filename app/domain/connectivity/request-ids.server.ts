import { and, eq, lt } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { appliedRequests } from "../../db/schema.ts";

// ADR 006: every admin change carries a request id; the server applies a given id once per
// administrator. A replay from the browser's outbox (the first answer was lost, or never
// came within 10 seconds) gets the first answer again, and nothing is written twice.

/** Long enough for an outbox that waited a week offline; old ids are pruned on each write. */
export const APPLIED_REQUEST_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

type Outcome =
  | { kind: "redirect"; location: string; status: number }
  | { kind: "data"; data: unknown; status: number };

/** Thrown inside the transaction to undo everything when the change was refused. */
class Refused {
  result: unknown;
  constructor(result: unknown) {
    this.result = result;
  }
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** What to keep of an action's answer; null when the change was refused (4xx/5xx). */
function outcomeOf(result: unknown): Outcome | null {
  if (result instanceof Response) {
    const location = result.headers.get("Location");
    if (result.status >= 300 && result.status < 400 && location) {
      return { kind: "redirect", location, status: result.status };
    }
    return result.status >= 400 ? null : { kind: "data", data: null, status: result.status };
  }
  if (isDataWithInit(result)) {
    const status = result.init?.status ?? 200;
    return status >= 400 ? null : { kind: "data", data: result.data ?? null, status };
  }
  return { kind: "data", data: result ?? null, status: 200 };
}

function replayOf(outcome: Outcome): unknown {
  if (outcome.kind === "redirect") return redirect(outcome.location, outcome.status);
  return outcome.status === 200 ? outcome.data : data(outcome.data, { status: outcome.status });
}

/**
 * Applies `apply` once for this administrator and request id, in one transaction with the
 * record of it. A second call with the same id answers the first call's answer without
 * calling `apply`. A refused change (an answer of 400 or more, or an error) leaves no record,
 * so the same id can be sent again once the problem is fixed.
 */
export async function applyOnce<T>({
  administratorId,
  requestId,
  apply,
}: {
  administratorId: string;
  requestId: string;
  apply: () => Promise<T>;
}): Promise<T> {
  const key = and(
    eq(appliedRequests.administratorId, administratorId),
    eq(appliedRequests.requestId, requestId),
  );
  try {
    return await db().transaction((tx) =>
      withTransactionScope(tx, async () => {
        await tx
          .delete(appliedRequests)
          .where(lt(appliedRequests.appliedAt, new Date(Date.now() - APPLIED_REQUEST_KEEP_MS)));
        // Taken first: a concurrent call with the same id waits here for this one to finish.
        const taken = await tx
          .insert(appliedRequests)
          .values({ administratorId, requestId, outcome: { kind: "pending" } })
          .onConflictDoNothing()
          .returning({ requestId: appliedRequests.requestId });
        if (taken.length === 0) {
          const [row] = await tx
            .select({ outcome: appliedRequests.outcome })
            .from(appliedRequests)
            .where(key);
          return replayOf(row?.outcome as Outcome) as T;
        }
        let result: T;
        try {
          result = await apply();
        } catch (thrown) {
          if (thrown instanceof Response && outcomeOf(thrown)?.kind === "redirect") {
            result = thrown as T;
          } else {
            throw thrown;
          }
        }
        const outcome = outcomeOf(result);
        if (!outcome) throw new Refused(result);
        await tx
          .update(appliedRequests)
          .set({ outcome: JSON.parse(JSON.stringify(outcome)) as Record<string, unknown> })
          .where(key);
        return result;
      }),
    );
  } catch (error) {
    if (error instanceof Refused) return error.result as T;
    throw error;
  }
}
