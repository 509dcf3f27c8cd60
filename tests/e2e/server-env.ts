import { E2E_ADMIN } from "./admin-credentials.ts";

/**
 * The environment of every server the browser suite starts (tests/e2e/server.ts, and the
 * servers a spec starts and stops itself): the production build on a fresh data folder with
 * the demo content and the suite's administrator.
 */
export function e2eServerEnv({ port, dataDir }: { port: number; dataDir: string }) {
  return {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    // Each server's automatic backups (ADR 027) beside its own data folder.
    BACKUP_DIR: `${dataDir}-backups`,
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_DEMO: "1",
    LOG_LEVEL: "warn",
    // Cheaper password hashes: the suite signs in and sets passwords many times (README).
    PASSWORD_HASH_COST: "10",
    DATABASE_URL: "",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // A made-up GA4 id, so the consent specs can see analytics start after Accept (the
    // browser never reaches Google: the specs answer those requests themselves).
    ANALYTICS_ID: "G-E2ETEST000",
  };
}
