import { Link } from "react-router";

/** ADR 016: what a locked season's screens show instead of their forms. */
export function LockedNotice({ label }: { label: string }) {
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <strong>Locked: unlock it on Seasons to edit.</strong> {label} is archived and read-only.{" "}
      <Link to="/admin/seasons" className="font-semibold underline underline-offset-4">
        Go to Seasons
      </Link>
    </p>
  );
}
