import type { Page } from "@playwright/test";
import { findRows } from "./fixtures.ts";

// Helpers for the Manage Team specs (admin-team, admin-keyboard): the squad's order as stored
// and as the admin list shows it, to check a Move up or Move down in both.

/** The players' names in squad order (display order, then name), as stored. */
export async function playerNames(): Promise<string[]> {
  return (await findRows("teamMembers", { role: "Player" }))
    .sort(
      (a, b) => a.displayOrder - b.displayOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    .map((player) => player.name);
}

/** The people as the admin's list shows them, in its order (each item's label). */
export function listedPeople(page: Page): Promise<(string | null)[]> {
  return page
    .getByRole("region", { name: "People on the team" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
}
