// The element ids the admin resource module moves focus to (ADR 005).

/** A record's row in its screen's list (focusable with tabIndex -1). */
export const rowDomId = (id: string) => `row-${id}`;

/** The screen's title (h1), where focus goes when nothing better is left. */
export const SCREEN_TITLE_ID = "admin-screen-title";

/** The screen's refusal under its title: focused when a save failed (ADR 023). */
export const SCREEN_ERROR_ID = "admin-screen-error";

/** The Undo button of the notice shown after a delete. */
export const UNDO_BUTTON_ID = "undo-button";

/** Marks a row's buttons so focus can come back to the same one after a move. */
export const ROW_ACTION_ATTRIBUTE = "data-row-action";
