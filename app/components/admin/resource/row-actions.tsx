import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonStyles } from "../form-fields.tsx";
import { ROW_ACTION_ATTRIBUTE, rememberRowAfterDelete } from "./ids.ts";

// The buttons of a row in an admin list (ADR 005): Edit (a link to ?edit=<id>, so it works
// without JavaScript), Delete, and, where the order is the administrator's, Move up and Move
// down. Each names its record for screen readers ("Delete: Liam Kavanagh"). A button is never
// disabled while it may hold focus: a repeat press while the first is being sent is ignored.

export function RowActions({
  id,
  label,
  editHref,
  action,
  move,
  deletable = true,
  children,
}: {
  id: string;
  /** The record as the administrator knows it. */
  label: string;
  /** Omitted where records are not edited (Messages). */
  editHref?: string;
  /** Where the row's buttons post: the screen as it is, without the last save's parameters. */
  action: string;
  /** Move up / Move down: the row's place in the list. */
  move?: { position: number; count: number };
  /** False where records are only edited, never deleted (page texts). */
  deletable?: boolean;
  /** More of the row's controls (View, Mark as read), after Edit. */
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("id") === id ? true : undefined;
  const ignoreRepeat = (event: { preventDefault: () => void }) => {
    if (sending) event.preventDefault();
  };
  return (
    <div className="flex flex-wrap gap-2">
      {editHref ? (
        <Link
          to={editHref}
          aria-label={`Edit: ${label}`}
          className={`${buttonStyles.secondary} text-sm`}
        >
          Edit
        </Link>
      ) : null}
      {children}
      {move ? (
        <Form method="post" action={action} className="flex gap-2">
          <input type="hidden" name="id" value={id} />
          <MoveButton
            direction="up"
            label={label}
            inert={move.position <= 1}
            sending={sending}
            onClick={ignoreRepeat}
          />
          <MoveButton
            direction="down"
            label={label}
            inert={move.position >= move.count}
            sending={sending}
            onClick={ignoreRepeat}
          />
        </Form>
      ) : null}
      {deletable ? (
        <Form method="post" action={action}>
          <input type="hidden" name="id" value={id} />
          <button
            type="submit"
            name="intent"
            value="delete"
            aria-label={`Delete: ${label}`}
            aria-disabled={sending}
            onClick={(event) => {
              ignoreRepeat(event);
              rememberRowAfterDelete(event.currentTarget);
            }}
            {...{ [ROW_ACTION_ATTRIBUTE]: "delete" }}
            className={buttonStyles.danger}
          >
            Delete
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function MoveButton({
  direction,
  label,
  inert,
  sending,
  onClick,
}: {
  direction: "up" | "down";
  label: string;
  /** First (for up) or last (for down): pressing it does nothing. */
  inert: boolean;
  sending: true | undefined;
  onClick: (event: { preventDefault: () => void }) => void;
}) {
  const text = direction === "up" ? "Move up" : "Move down";
  return (
    <button
      type="submit"
      name="intent"
      value={`move-${direction}`}
      aria-label={`${text}: ${label}`}
      aria-disabled={inert || sending}
      onClick={(event) => {
        if (inert) event.preventDefault();
        onClick(event);
      }}
      {...{ [ROW_ACTION_ATTRIBUTE]: `move-${direction}` }}
      className={`${buttonStyles.secondary} text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
    >
      <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      <span className="ml-1">{text}</span>
    </button>
  );
}
