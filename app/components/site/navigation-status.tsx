import { useNavigation } from "react-router";
import { loadingTextFor } from "../../domain/site/rules.ts";

// While a client-side navigation fetches a page that has a loading text in the spec ('Loading
// news...', 'Loading...'), a notice says so under the header. It never shows on the server
// or on a first visit (the page arrives complete), and it goes as soon as the page is there.
// The live region is always present, so screen readers announce the text when it appears.

export function NavigationStatus() {
  const navigation = useNavigation();
  const text =
    navigation.state === "loading" && navigation.location
      ? loadingTextFor(navigation.location.pathname)
      : null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4 lg:top-24"
    >
      {text ? (
        <p className="navigation-status flex items-center gap-3 rounded-full bg-slate-900 px-5 py-2.5 font-semibold text-white shadow-lg">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-accent"
          />
          {text}
        </p>
      ) : null}
    </div>
  );
}
