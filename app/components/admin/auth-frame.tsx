import type { ReactNode } from "react";
import { Link } from "react-router";
import crest from "../../assets/crest.svg";

/** The frame of the pages a signed-out administrator sees (set a password, forgot password). */
export function AuthFrame({
  title,
  clubName,
  children,
}: {
  title: string;
  clubName: string;
  children: ReactNode;
}) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10"
    >
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <img src={crest} alt="" width={64} height={64} />
          <h1 className="mt-4 font-display text-3xl font-extrabold uppercase text-slate-900">
            {title}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{clubName}</p>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">{children}</div>
        <p className="mt-6 text-center">
          <Link
            to="/admin/login"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-club underline-offset-4 hover:underline"
          >
            Go to the log in page
          </Link>
        </p>
      </div>
    </main>
  );
}

export const authInput =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 text-base aria-[invalid=true]:border-red-600";
export const authButton =
  "min-h-11 w-full rounded-md bg-club px-4 font-semibold text-club-contrast hover:opacity-90 aria-disabled:opacity-70";
