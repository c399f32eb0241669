// `npm run admin-token -- <companyId> [--label <text>]`: creates an admin API token for the
// company (docs/admin.md) and prints it once; the database keeps only its SHA-256.
// `--list <companyId>` shows the company's tokens (ids and labels), `--revoke <tokenId>` ends
// one. The database is $DATABASE_URL (postgres://…, or a SQLite file path), else the demo's
// SQLite file; pending migrations are applied first.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openStoresFromUrl } from "../production/serve.ts";
import { DEFAULT_DB_FILE } from "./default-database.ts";

const USAGE = "usage: npm run admin-token -- <companyId> [--label <text>] | --list <companyId> | --revoke <tokenId>";
const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

export async function runAdminTokenCommand(args: readonly string[], location: string, print: (line: string) => void): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { label: { type: "string" }, list: { type: "string" }, revoke: { type: "string" } } });
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const companyId = positionals[0];
  const actions = [companyId !== undefined, values.list !== undefined, values.revoke !== undefined].filter(Boolean).length;
  if (actions !== 1 || positionals.length > 1) {
    print(USAGE);
    return 2;
  }
  const company = companyId ?? values.list;
  if (company !== undefined && !ID.test(company)) {
    print(`"${company}" is not a company id (lower-case letters, digits and dashes)`);
    return 2;
  }
  const stores = await openStoresFromUrl(location);
  try {
    if (values.revoke !== undefined) {
      const revoked = await stores.adminTokens.revoke(values.revoke);
      print(revoked ? `revoked ${values.revoke}` : `no active token ${values.revoke}`);
      return revoked ? 0 : 1;
    }
    if (values.list !== undefined) {
      const tokens = await stores.adminTokens.list(values.list);
      if (tokens.length === 0) print(`no tokens for ${values.list}`);
      for (const token of tokens) print(`${token.tokenId}\t${token.label}\tcreated ${token.createdAt}${token.revokedAt ? `\trevoked ${token.revokedAt}` : ""}`);
      return 0;
    }
    const id = companyId!;
    const label = values.label?.trim() || "admin";
    const { token, tokenId } = await stores.adminTokens.create(id, label);
    const known = (await stores.companies.findFirstBot(id)) !== undefined;
    print(`admin token ${tokenId} for ${id} (${label}); shown only now, store it safely:\n${token}`);
    if (!known) print(`note: ${id} has no configuration yet; PUT its first bot's with this token (docs/admin.md)`);
    return 0;
  } finally {
    await stores.close();
  }
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  try {
    process.exitCode = await runAdminTokenCommand(process.argv.slice(2), process.env.DATABASE_URL || DEFAULT_DB_FILE, (line) => console.log(line));
  } catch (error) {
    console.error(`admin-token failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
