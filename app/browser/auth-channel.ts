// Tells other tabs of this site that the sign-in state changed, so the public header's
// person icon follows without a reload (rules §2 Header, decisions 7). The header listens on the
// same channel and revalidates.
export const AUTH_CHANNEL = "clubsite-auth";

export type AuthMessage = { type: "signed-in" } | { type: "signed-out" };

export function announceAuthChange(message: AuthMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.postMessage(message);
  channel.close();
}
