// rules §7 Player page: how the player's figures were counted, and a value not recorded.

/** the page says which figures come from the results. */
export function figuresSource(recorded: { goals: boolean; details: boolean }): string {
  if (recorded.goals && recorded.details) {
    return "Goals, appearances, assists and cards are counted from the match results.";
  }
  if (recorded.goals) {
    return "Goals are counted from the match results; assists and cards are entered by the club.";
  }
  return "No results recorded this season yet; figures are entered by the club.";
}

export function NotRecorded() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not recorded</span>
    </>
  );
}
