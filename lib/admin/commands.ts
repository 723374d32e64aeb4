import path from "node:path";
import { parseArgs } from "node:util";
import { createApiKey, revokeApiKeysByPrefix } from "@/lib/auth/api-key-store";
import { splitScopeList } from "@/lib/auth/scopes";
import { rebuildAccountCounters } from "@/lib/db/account-counters";
import { getConnection } from "@/lib/db/connection";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "@/lib/db/embedded-backup";
import { applyPendingMigrations } from "@/lib/db/migrate";
import { AppError } from "@/lib/errors";
import { createOAuthClient } from "@/lib/oauth/clients";
import { newClientSchema } from "@/lib/oauth/schemas";
import { createUser, requireUserByEmail, setUserPlan } from "@/lib/users/accounts";
import { newUserSchema } from "@/lib/users/schemas";
import { parseInput } from "@/lib/validation";
import { addMemberBySlug, createWorkspace, memberWorkspaceId } from "@/lib/workspaces/workspace-creation";

/** What a command printed and how it ended; the CLI and the server's admin socket both relay it. */
export type AdminResult = { exitCode: number; stdout: string; stderr: string };

type Options = Record<string, string | undefined>;
type Command = {
  usage: string;
  options: string[];
  required: string[];
  /** Arguments by position, all required, given to `run` under these names. */
  positionals?: string[];
  /** false: the CLI neither opens nor migrates the database before running it (the command does what it needs). */
  migrates?: false;
  run: (options: Options) => Promise<string>;
};

const commands: Record<string, Command> = {
  "user:create": {
    usage: "user:create --email <email> --password <password> [--name <name>] [--plan free|pro]",
    options: ["email", "password", "name", "plan"],
    required: ["email", "password"],
    run: async ({ email, password, name, plan }) => {
      const user = await createUser(parseInput(newUserSchema, { email, password, name, plan }));
      return `Created user ${user.email} (${user.id}) on plan ${user.plan}`;
    },
  },
  "user:plan": {
    usage: "user:plan --email <email> --plan free|pro",
    options: ["email", "plan"],
    required: ["email", "plan"],
    run: async ({ email, plan }) => {
      const user = await setUserPlan(email!, plan!);
      return `${user.email} is now on plan ${user.plan}`;
    },
  },
  "workspace:create": {
    usage: "workspace:create --email <owner's email> --name <name>   prints the new workspace's slug",
    options: ["email", "name"],
    required: ["email", "name"],
    run: async ({ email, name }) => {
      const owner = await requireUserByEmail(email!);
      return createWorkspace(owner.id, owner.email, name!);
    },
  },
  "member:add": {
    usage: "member:add --workspace <slug> --email <email> --role admin|member|viewer",
    options: ["workspace", "email", "role"],
    required: ["workspace", "email", "role"],
    run: async ({ workspace, email, role }) => {
      const user = await requireUserByEmail(email!);
      const member = await addMemberBySlug(workspace!, user.id, role!);
      return `${user.email} is now ${member.role} of ${workspace}`;
    },
  },
  "key:create": {
    usage: "key:create --email <email> --name <name> --scopes <scope,scope,...> [--workspace <slug>, default: the user's personal workspace]",
    options: ["email", "name", "scopes", "workspace"],
    required: ["email", "name", "scopes"],
    run: async ({ email, name, scopes, workspace }) => {
      const user = await requireUserByEmail(email!);
      const workspaceId = workspace === undefined ? undefined : await memberWorkspaceId(workspace, user.id);
      const created = await createApiKey(user.id, { name: name!, scopes: splitScopeList(scopes!) }, workspaceId);
      return created.key;
    },
  },
  "key:revoke": {
    usage: "key:revoke --email <email> --prefix <first 8 characters of the key>",
    options: ["email", "prefix"],
    required: ["email", "prefix"],
    run: async ({ email, prefix }) => {
      const user = await requireUserByEmail(email!);
      const count = await revokeApiKeysByPrefix(user.id, prefix!).catch((error: unknown) => {
        if (error instanceof AppError && error.kind === "not_found") throw new AppError("not_found", `No live key of ${user.email} starts with ${prefix}`);
        throw error;
      });
      return `Revoked ${count} key${count === 1 ? "" : "s"}`;
    },
  },
  "client:create": {
    usage: "client:create --name <name> [--redirect-uri <url>] [--ttl-days <access-token lifetime, default 90>]",
    options: ["name", "redirect-uri", "ttl-days"],
    required: ["name"],
    run: async (options) => {
      const client = await createOAuthClient(
        parseInput(newClientSchema, { name: options.name, redirect_uri: options["redirect-uri"], ttl_days: options["ttl-days"] }),
      );
      return client.id;
    },
  },
  "stats:rebuild": {
    usage: "stats:rebuild [--email <email>]   recount the lists' totals of every account, or of one",
    options: ["email"],
    required: [],
    run: async ({ email }) => {
      const { accounts, corrected } = await rebuildAccountCounters(email);
      if (email && accounts === 0) throw new AppError("not_found", `No user with email ${email}`);
      return `Recounted ${accounts} account${accounts === 1 ? "" : "s"}: ${corrected} had a wrong total, now corrected.`;
    },
  },
  "db:migrate": {
    usage: "db:migrate",
    options: [],
    required: [],
    run: async () => {
      const applied = await applyPendingMigrations(getConnection());
      return applied.length === 0 ? "The database is up to date." : `Applied ${applied.join(", ")}`;
    },
  },
  "db:backup": {
    usage: "db:backup <file>   write the embedded database to a new file (.tar.gz), also while the server runs",
    options: [],
    required: [],
    positionals: ["file"],
    migrates: false,
    run: ({ file }) => backupEmbeddedDatabase(path.resolve(file!)),
  },
  "db:restore": {
    usage: "db:restore <file>   replace the embedded database with a db:backup, the server stopped",
    options: [],
    required: [],
    positionals: ["file"],
    migrates: false,
    run: ({ file }) => restoreEmbeddedDatabase(path.resolve(file!)),
  },
};

/** Whether the CLI opens and migrates the database before running the command `name`. */
export function commandMigrates(name: string | undefined): boolean {
  return (name && commands[name]?.migrates) !== false;
}

export function adminUsage(): string {
  return ["usage: npm run admin -- <command> [options]", "", ...Object.values(commands).map((command) => `  ${command.usage}`)].join("\n");
}

export async function runAdminCommand(argv: readonly string[]): Promise<AdminResult> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    return { exitCode: 2, stdout: "", stderr: `${name ? `Unknown command: ${name}\n\n` : ""}${adminUsage()}\n` };
  }
  let options: Options;
  try {
    const positionals = command.positionals ?? [];
    const parsed = parseArgs({
      args: [...rest],
      options: Object.fromEntries(command.options.map((option) => [option, { type: "string" as const }])),
      strict: true,
      allowPositionals: positionals.length > 0,
    });
    if (parsed.positionals.length > positionals.length) throw new Error(`Unexpected argument '${parsed.positionals[positionals.length]}'`);
    options = { ...(parsed.values as Options), ...Object.fromEntries(positionals.map((name, index) => [name, parsed.positionals[index]])) };
  } catch (error) {
    return { exitCode: 2, stdout: "", stderr: `${(error as Error).message}\nusage: npm run admin -- ${command.usage}\n` };
  }
  const missing = command.required.filter((option) => !options[option]);
  if (missing.length > 0) {
    return { exitCode: 2, stdout: "", stderr: `Missing --${missing.join(", --")}\nusage: npm run admin -- ${command.usage}\n` };
  }
  const missingArguments = (command.positionals ?? []).filter((name) => !options[name]);
  if (missingArguments.length > 0) {
    return { exitCode: 2, stdout: "", stderr: `Missing <${missingArguments.join("> <")}>\nusage: npm run admin -- ${command.usage}\n` };
  }
  try {
    return { exitCode: 0, stdout: `${await command.run(options)}\n`, stderr: "" };
  } catch (error) {
    if (error instanceof AppError) return { exitCode: 1, stdout: "", stderr: `${error.message}\n` };
    throw error;
  }
}
