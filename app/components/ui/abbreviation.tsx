// An abbreviation for the eye, with its tooltip, and the full words for screen readers
// (decisions 21: the table's abbreviations are expanded), e.g. 'GD' / 'Goal difference'.
export function Abbreviation({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span aria-hidden="true">
        <abbr title={full} className="no-underline">
          {short}
        </abbr>
      </span>
      <span className="sr-only">{full}</span>
    </>
  );
}
