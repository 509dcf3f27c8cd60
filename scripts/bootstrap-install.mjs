// The install step of scripts/bootstrap.mjs, on its own so a test can check it.
//
// rules §12: deployment guides set NODE_ENV=production before the first `npm start`; npm
// then leaves out devDependencies, and the build (react-router, vite) is among them. The
// first start must work whatever NODE_ENV is, so the install always includes them.
// `npm install` rather than `npm ci`: npm 11 leaves other platforms' optional packages out
// of the lockfile, which `npm ci` then rejects as out of sync. The lockfile still pins
// every version that is installed.
//
// `--prefer-offline`: a package already in npm's cache is taken from it without asking the
// registry whether it changed. The lockfile pins every version and its checksum, so asking
// only costs time: on the project's CI machine a clean clone's install took 48 s and 71
// CPU-s with the questions, 24 s and 33 CPU-s without. A package not in the cache is still
// downloaded as before.
export const INSTALL_ARGS = ["install", "--include=dev", "--prefer-offline"];
