// `npm run staff -- add <companyId> <email> [--owner]`: adds a console account (the first
// owner of a company, typically) and prints how to sign in; `npm run staff -- list <companyId>`
// lists a company's accounts. DATABASE_URL picks the database, as for `npm run serve`.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openStoresFromUrl, readServeConfig } from "../production/serve.ts";
import { StaffEmailTaken } from "./staff-store.ts";

const USAGE = "usage: npm run staff -- add <companyId> <email> [--owner]\n       npm run staff -- list <companyId>";

export async function runStaffCommand(args: readonly string[], env: Record<string, string | undefined>, write: (line: string) => void): Promise<number> {
  const [command, companyId, email] = args.filter((arg) => !arg.startsWith("--"));
  const owner = args.includes("--owner");
  if (command !== "add" && command !== "list") {
    write(USAGE);
    return 2;
  }
  if (!companyId || (command === "add" && !email)) {
    write(USAGE);
    return 2;
  }
  const config = readServeConfig(env);
  const stores = await openStoresFromUrl(config.databaseUrl);
  try {
    if (command === "list") {
      for (const member of await stores.staff.list(companyId)) write(`${member.email}\t${member.role}\t${member.createdAt}`);
      return 0;
    }
    if (!(await stores.companies.findFirstBot(companyId))) {
      write(`no company "${companyId}" in this database`);
      return 1;
    }
    try {
      const member = await stores.staff.add(companyId, email!, owner ? "owner" : "staff", "cli");
      write(`added ${member.email} (${member.role}) to ${companyId}: they sign in at ${config.publicOrigin}/console/ with their e-mail`);
      return 0;
    } catch (error) {
      if (error instanceof StaffEmailTaken) {
        write(error.message);
        return 1;
      }
      throw error;
    }
  } finally {
    await stores.close();
  }
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  process.exitCode = await runStaffCommand(process.argv.slice(2), process.env, (line) => console.log(line));
}
