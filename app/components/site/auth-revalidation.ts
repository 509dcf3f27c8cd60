import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { AUTH_CHANNEL } from "../../browser/auth-channel.ts";

// The header's person icon follows sign-in and sign-out in other tabs without a reload
// (rules §2 Header: the icon follows the signed-in state): the login and sign-out screens
// post on a BroadcastChannel, and a tab coming back into view checks again.

export function useAuthRevalidation(): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      if (latest.current.state === "idle") void latest.current.revalidate();
    };
    const channel =
      typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(AUTH_CHANNEL);
    const onMessage = () => void latest.current.revalidate();
    channel?.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("focus", refresh);
    return () => {
      channel?.removeEventListener("message", onMessage);
      channel?.close();
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("focus", refresh);
    };
  }, []);
}
