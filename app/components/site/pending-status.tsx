import type { ReactNode } from "react";
import { useNavigation } from "react-router";

// A loading text from rules §2 ('Loading player details...'), shown only while the browser
// fetches the next page in a client navigation, never on a server-rendered page and never
// for ever (decisions 16). The live region is always there so the text is announced.

export function PendingStatus({
  when,
  children,
}: {
  /** Whether the page being loaded is one this text is about. */
  when: (pathname: string) => boolean;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && when(navigation.location.pathname);
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-24 z-40 flex justify-center px-4"
    >
      {pending ? (
        <p className="flex items-center gap-3 rounded-full bg-slate-900 px-5 py-3 font-semibold text-white shadow-xl">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-accent"
          />
          {children}
        </p>
      ) : null}
    </div>
  );
}
