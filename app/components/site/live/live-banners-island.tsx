import { lazy, memo, Suspense } from "react";
import { useServerIsland } from "../server-islands.ts";
import type { LiveBannersProps } from "./live-banner.tsx";

// ADR 036, ADR 008: the banner of a match under way is in the server's HTML, and its code
// (the stream, the clock) is loaded only when there is one: a page with no live match loads
// nothing more. React keeps the server's banner until the chunk arrives and hydrates it then;
// memo() keeps the boundary still (its props come from the loader and do not change).
const LazyLiveBanners = lazy(() =>
  import("./live-banner.tsx").then((module) => ({ default: module.LiveBanners })),
);

export const LiveBannersIsland = memo(function LiveBannersIsland(props: LiveBannersProps) {
  const Server = useServerIsland("LiveBanners");
  if (props.matches.length === 0) return null;
  const Banners = Server ?? LazyLiveBanners;
  return (
    <Suspense fallback={null}>
      <Banners {...props} />
    </Suspense>
  );
});
