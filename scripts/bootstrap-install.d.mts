/** The arguments of the first `npm install` (see bootstrap-install.mjs). */
export const INSTALL_ARGS: readonly string[];
