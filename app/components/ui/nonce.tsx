import { createContext, useContext } from "react";

// The CSP nonce of the current response, given to React Router's inline scripts. In the
// browser it is empty: browsers hide nonce values from the DOM once parsed.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
