import { spawnSync } from "node:child_process";
import fs from "node:fs";

// Debian tools the bench uses (nginx for the floor, wrk for the load): taken from the system,
// installed with apt-get when missing and we may (root with apt), else null and why.

let updated = false;

export function findDebianTool({
  binary,
  packageName,
  log,
}: {
  /** Where Debian's package puts the program. */
  binary: string;
  packageName: string;
  log: (line: string) => void;
}): { path: string } | { missing: string } {
  if (fs.existsSync(binary)) return { path: binary };
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    return {
      missing: `${packageName} is not installed (install it with \`sudo apt-get install ${packageName}\`)`,
    };
  }
  log(`Installing ${packageName} from Debian (apt-get install -y ${packageName})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const steps = updated
    ? [["install", "-y", packageName]]
    : [["update"], ["install", "-y", packageName]];
  for (const args of steps) {
    const result = spawnSync("apt-get", args, { env, stdio: "ignore" });
    if (result.status !== 0) return { missing: `apt-get ${args.join(" ")} failed` };
    if (args[0] === "update") updated = true;
  }
  return fs.existsSync(binary) ? { path: binary } : { missing: `${packageName} did not install` };
}
