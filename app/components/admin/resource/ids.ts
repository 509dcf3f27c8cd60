// The element ids the admin resource module moves focus to (ADR 005).

const ROW_PREFIX = "row-";

/** A record's row in its screen's list (focusable with tabIndex -1). */
export const rowDomId = (id: string) => `${ROW_PREFIX}${id}`;

let afterDelete: string | null = null;

/**
 * ADR 039: when a row's Delete is pressed, remember the row that will take its place (the
 * next one, else the one before): where the keyboard goes when the Undo notice is dismissed.
 */
export function rememberRowAfterDelete(button: Element): void {
  const row = button.closest(`[id^="${ROW_PREFIX}"]`);
  const rows = [...document.querySelectorAll(`[id^="${ROW_PREFIX}"]`)];
  const at = row ? rows.indexOf(row) : -1;
  afterDelete = at === -1 ? null : ((rows[at + 1] ?? rows[at - 1])?.id ?? null);
}

/** The row remembered at the last Delete, if it is still on the page. */
export function rowAfterDelete(): HTMLElement | null {
  return afterDelete ? document.getElementById(afterDelete) : null;
}

/** The screen's title (h1), where focus goes when nothing better is left. */
export const SCREEN_TITLE_ID = "admin-screen-title";

/** The screen's refusal under its title: focused when a save failed (ADR 023). */
export const SCREEN_ERROR_ID = "admin-screen-error";

/** The Undo button of the notice shown after a delete. */
export const UNDO_BUTTON_ID = "undo-button";

/** Marks a row's buttons so focus can come back to the same one after a move. */
export const ROW_ACTION_ATTRIBUTE = "data-row-action";

/** "Add another", next to the confirmation after a record was added (ADR 039). */
export const ADD_ANOTHER_ID = "add-another";

/** Marks the button that opens a screen's form when it is folded away (a phone's panel). */
export const OPENS_FORM_ATTRIBUTE = "data-opens-form";
