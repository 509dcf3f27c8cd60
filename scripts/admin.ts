import { parseArgs } from "node:util";
import { recordedWrite } from "../app/domain/activity/activity.server.ts";
import { COMMAND_LINE } from "../app/domain/activity/rules.ts";
import { ROLES, type Role, rolesText } from "../app/domain/admin/screens.ts";
import {
  AdministratorError,
  createAdministrator,
  findByEmail,
  LAST_ADMINISTRATOR_ROLE,
  listAdministrators,
  removeAdministrator,
  resetAdministratorPassword,
  setAdministratorRoles,
} from "../app/domain/auth/administrators.server.ts";
import { normaliseEmail } from "../app/domain/auth/rules.ts";
import { withDatabase } from "./cli.ts";

// `npm run admin -- <command>`: manage administrators (decisions 6). With the embedded
// database, stop the server first (it holds the data folder), or use ADMIN_EMAIL and
// ADMIN_PASSWORD at start.

const usage = `Usage:
  npm run admin -- create --email E [--role R]... [--password P]
  npm run admin -- roles --email E --role R [--role R]...
  npm run admin -- reset-password --email E [--password P]
  npm run admin -- list
  npm run admin -- remove --email E

Roles (one or more; create without --role makes an Administrator):
  ${ROLES.join(", ")}

Without --password, the password is read from standard input (so it stays out of your shell
history): type it and press Enter, or pipe it in.
Passwords need at least 12 characters, must not be a common password, and must be hard to
guess (a zxcvbn score of 3 or more). A new password ends every session of that administrator.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string" },
    password: { type: "string" },
    role: { type: "string", multiple: true },
    help: { type: "boolean" },
  },
});
const [command] = positionals;

async function readPassword(): Promise<string> {
  if (values.password !== undefined) return values.password;
  if (process.stdin.isTTY) process.stdout.write("Password: ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && chunk.includes(10)) break;
  }
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

function requireEmail(): string {
  if (!values.email) {
    console.error(`--email is required.\n\n${usage}`);
    process.exit(2);
  }
  return values.email;
}

/** The --role options, each checked against rules §6's roles. */
function chosenRoles(): Role[] | undefined {
  if (!values.role) return undefined;
  const unknown = values.role.filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) {
    console.error(`Unknown role: ${unknown.join(", ")}. Roles are: ${ROLES.join(", ")}.`);
    process.exit(2);
  }
  return ROLES.filter((role) => values.role?.includes(role));
}

const COMMANDS = ["create", "roles", "reset-password", "list", "remove"];
if (values.help || !command || !COMMANDS.includes(command)) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const email = command === "list" ? "" : requireEmail();
const roles = chosenRoles();
if (command === "roles" && !roles) {
  console.error(`--role is required.\n\n${usage}`);
  process.exit(2);
}
const password = command === "create" || command === "reset-password" ? await readPassword() : "";

const byCommandLine = { actor: COMMAND_LINE, screen: "administrators" } as const;

await withDatabase(async () => {
  try {
    if (command === "create") {
      // ADR 021: the command line's changes are in Activity too, as "command line".
      const created = await recordedWrite(
        () => createAdministrator({ email, password, roles }),
        (row) => ({ ...byCommandLine, action: "create", recordId: row.id, label: row.email }),
      );
      console.log(
        `Administrator ${created.email} created (${rolesText(created.roles)}). They can log in at /admin/login.`,
      );
    } else if (command === "roles") {
      const row = await findByEmail(normaliseEmail(email));
      const outcome =
        row &&
        (await recordedWrite(
          () => setAdministratorRoles({ id: row.id, roles: roles ?? [] }),
          (result) =>
            result.status === "changed"
              ? {
                  ...byCommandLine,
                  action: "roles",
                  recordId: row.id,
                  label: result.email,
                  fields: result.roles,
                }
              : null,
        ));
      if (!outcome || outcome.status === "gone")
        throw new AdministratorError(`There is no administrator with the e-mail ${email}.`);
      if (outcome.status === "last") throw new AdministratorError(LAST_ADMINISTRATOR_ROLE);
      console.log(`Roles of ${outcome.email}: ${rolesText(outcome.roles)}.`);
    } else if (command === "reset-password") {
      await recordedWrite(
        () => resetAdministratorPassword({ email, password }),
        () => ({ ...byCommandLine, action: "password", label: email.toLowerCase() }),
      );
      console.log(`Password of ${email.toLowerCase()} changed.`);
    } else if (command === "remove") {
      await recordedWrite(
        () => removeAdministrator({ email }),
        () => ({ ...byCommandLine, action: "delete", label: email.toLowerCase() }),
      );
      console.log(`Administrator ${email.toLowerCase()} removed.`);
    } else {
      const all = await listAdministrators();
      if (all.length === 0)
        console.log("No administrators yet. Create one with: npm run admin -- create --email E");
      for (const admin of all) {
        const last = admin.lastLoginAt ? admin.lastLoginAt.toISOString() : "never";
        console.log(
          `${admin.email}\t${rolesText(admin.roles)}\tcreated ${admin.createdAt.toISOString()}\tlast login ${last}`,
        );
      }
    }
  } catch (error) {
    if (error instanceof AdministratorError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
});
