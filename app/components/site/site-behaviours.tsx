import { useAuthRevalidation } from "./auth-revalidation.ts";
import { KeepFocusVisible } from "./keep-focus-visible.tsx";

// ADR 008: what the public layout does in the browser only, from effects, and never renders:
// fresh data when an administrator signs in or out in another tab, and a focused element
// kept clear of the sticky header and the cookie banner. routes/site/layout.tsx loads this
// once the page has started, so it is not in any page's first load.
export function SiteBehaviours() {
  useAuthRevalidation();
  return <KeepFocusVisible />;
}
