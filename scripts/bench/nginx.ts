import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { findDebianTool } from "./debian.ts";
import { TASKSET } from "./load.ts";
import { removeFolderOnCleanup, type Started, start } from "./processes.ts";

// The floor (docs/architecture.md, Measuring): the same pages' HTML saved to files and served by Debian's nginx,
// one worker, `gzip_static on` (the .gz beside each file), on another loopback port. What a
// server that does no work per request can do on this machine, measured the same way.

/** nginx, installed from Debian when missing and we may, else why the column is left out. */
export function findNginx(log: (line: string) => void): { path: string } | { skipped: string } {
  const found = findDebianTool({ binary: "/usr/sbin/nginx", packageName: "nginx", log });
  return "path" in found ? found : { skipped: `${found.missing}: the nginx column is left out.` };
}

export interface SavedPage {
  /** The name of the page's file, and its address on nginx: /<key>. */
  key: string;
  body: Buffer;
  contentType: string;
}

/** Writes the pages (and their .gz) and starts nginx on `port`; resolves once it answers. */
export async function startNginx({
  nginxPath,
  port,
  pages,
  cpus,
}: {
  nginxPath: string;
  port: number;
  pages: SavedPage[];
  /** The cores to run on (taskset -c), when the load is pinned. */
  cpus?: string;
}): Promise<Started> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-nginx-"));
  removeFolderOnCleanup(dir);
  // nginx's worker runs as an unprivileged user when started by root: let it read the files.
  fs.chmodSync(dir, 0o755);
  const site = path.join(dir, "site");
  fs.mkdirSync(site, { mode: 0o755 });
  const types: string[] = [];
  for (const page of pages) {
    fs.writeFileSync(path.join(site, page.key), page.body, { mode: 0o644 });
    // The level the app's compression middleware uses, so both send the same bytes.
    fs.writeFileSync(path.join(site, `${page.key}.gz`), zlib.gzipSync(page.body), { mode: 0o644 });
    types.push(`location = /${page.key} { default_type "${page.contentType}"; }`);
  }
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  server {
    listen 127.0.0.1:${port};
    root ${site};
    ${types.join("\n    ")}
  }
}
`,
  );
  const args = ["-p", dir, "-c", conf, "-e", `${dir}/error.log`];
  const nginx = start({
    name: "nginx",
    ...(cpus === undefined
      ? { command: nginxPath, args }
      : { command: TASKSET, args: ["-c", cpus, nginxPath, ...args] }),
  });
  const deadline = Date.now() + 15_000;
  const first = pages[0]?.key ?? "";
  while (Date.now() < deadline) {
    if (nginx.child.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/${first}`);
      if (response.ok) return nginx;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const errors = fs.existsSync(`${dir}/error.log`)
    ? fs.readFileSync(`${dir}/error.log`, "utf8")
    : "";
  await nginx.stop();
  throw new Error(`nginx did not start on port ${port}:\n${nginx.output()}\n${errors}`);
}
