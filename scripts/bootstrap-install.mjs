// The install step of scripts/bootstrap.mjs, on its own so a test can check it.
//
// rules §12: deployment guides set NODE_ENV=production before the first `npm start`; npm
// then leaves out devDependencies, and the build (react-router, vite) is among them. The
// first start must work whatever NODE_ENV is, so the install always includes them.
// `npm install` rather than `npm ci`: npm 11 leaves other platforms' optional packages out
// of the lockfile, which `npm ci` then rejects as out of sync. The lockfile still pins
// every version that is installed.
export const INSTALL_ARGS = ["install", "--include=dev"];
