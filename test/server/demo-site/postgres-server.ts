// A throw-away PostgreSQL server for the store tests: Debian's binaries (apt-get install
// postgresql), a cluster in a temporary directory, on a Unix socket in that directory and no
// TCP port (listen_addresses=''), so parallel test files never race for a port; stopped and
// deleted by stop(). As root, initdb and postgres run as the `postgres` system user (initdb refuses root).
// When PostgreSQL cannot be started the tests that need it fail under CI=true, and are
// skipped with the reason elsewhere.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { eventually } from "../../eventually.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";

const BIN_DIR = process.env.POSTGRES_BIN_DIR ?? "/usr/lib/postgresql/15/bin";
/** Names the socket file (.s.PGSQL.5432) in the cluster's own directory; no TCP port is opened. */
const SOCKET_PORT = 5432;

export interface TestPostgres {
  /** A new empty database on the server, as a postgres:// URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export type PostgresAvailability = { ok: true; server: TestPostgres } | { ok: false; reason: string };

const isRoot = () => process.getuid?.() === 0;
/**
 * Run as the postgres user when we are root: the process itself under that uid (spawn's own
 * option), not through `runuser`, which stood between us and postgres and did not pass our
 * signal on: stop() waited 10 s, killed runuser, and postgres ran on over its deleted directory
 * until its lock-file check, about a minute, holding the test file's process open.
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (id.status !== 0) throw new Error("running as root, and there is no `postgres` system user to run PostgreSQL as");
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function waitUntilAccepting(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const connects = async () => {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return "accepting";
    } catch (error) {
      return String(error);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  await eventually("postgres to accept connections", connects, (state) => state === "accepting", { timeoutMs: 30_000, everyMs: 100 }).catch((error: Error) => {
    throw new Error(`${error.message}: ${log()}`);
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  if (!existsSync(join(BIN_DIR, "initdb"))) throw new Error(`no PostgreSQL binaries in ${BIN_DIR} (apt-get install -y postgresql)`);
  const dir = mkdtempSync(join(tmpdir(), "qa-postgres-"));
  const dataDir = join(dir, "data");
  const user = serverUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const init = spawnSync(join(BIN_DIR, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"], { encoding: "utf8", cwd: dir, ...user });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const args = ["-D", dataDir, "-p", String(SOCKET_PORT), "-k", dir, "-c", "listen_addresses=", "-c", "fsync=off", "-c", "max_connections=100"];
  const child = spawn(join(BIN_DIR, "postgres"), args, { stdio: ["ignore", "ignore", "pipe"], cwd: dir, ...user });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // pg reaches a Unix socket through the `host` parameter naming its directory.
  const urlOf = (database: string) => `postgres://postgres@localhost:${SOCKET_PORT}/${database}?host=${encodeURIComponent(dir)}`;
  const adminUrl = urlOf("postgres");
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // A smart shutdown first: it waits for the sessions still closing (a pool that has just
      // ended its clients), where a fast one would cut them off with an error. Then a fast one,
      // for a file that left a pool open; then SIGKILL.
      for (const [signal, waitMs] of [["SIGTERM", 5_000], ["SIGINT", 5_000], ["SIGKILL", 0]] as const) {
        if (child.exitCode !== null) break;
        child.kill(signal);
        // The wait's timer must not outlive it: a pending one keeps the test file's process alive.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
        clearTimeout(timer);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAccepting(adminUrl, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    stop,
  };
}

/**
 * Starts PostgreSQL, or says why not. Under CI=true a failure to start throws, so the test
 * file fails instead of passing without having tested PostgreSQL.
 */
export async function tryStartTestPostgres(): Promise<PostgresAvailability> {
  try {
    return { ok: true, server: await startTestPostgres() };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.CI === "true") throw new Error(`PostgreSQL is required in CI and could not be started: ${reason}`);
    return { ok: false, reason: `PostgreSQL tests skipped: ${reason}` };
  }
}

export interface TestDatabases {
  /** Both kinds, each with the reason it is skipped (PostgreSQL that could not start, outside CI). */
  kinds: ReadonlyArray<{ kind: "sqlite" | "postgres"; name: string; skip: false | string }>;
  /** A new, empty database of the kind, as the location openStores takes. */
  newDatabase(kind: "sqlite" | "postgres"): Promise<string>;
  /** A new database opened twice, as two server processes share one; both closed after the file. */
  twoProcesses(kind: "sqlite" | "postgres"): Promise<[OpenStores, OpenStores]>;
}

/**
 * A test file's databases: SQLite files in a temporary directory and, when it can start, a
 * PostgreSQL server of its own; both gone after the file.
 */
export async function useTestDatabases(prefix: string): Promise<TestDatabases> {
  const { after } = await import("node:test");
  const dir = mkdtempSync(join(tmpdir(), `qa-${prefix}-db-`));
  const postgres = await tryStartTestPostgres();
  if (!postgres.ok) console.warn(postgres.reason);
  after(async () => {
    if (postgres.ok) await postgres.server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  let databases = 0;
  const testDatabases: TestDatabases = {
    kinds: [
      { kind: "sqlite", name: "SQLite", skip: false },
      { kind: "postgres", name: "PostgreSQL", skip: postgres.ok ? false : postgres.reason },
    ],
    async newDatabase(kind) {
      databases += 1;
      if (kind === "sqlite") return join(dir, `${prefix}-${databases}.db`);
      if (!postgres.ok) throw new Error(postgres.reason);
      return postgres.server.createDatabase(`${prefix.replace(/\W/g, "_")}_${databases}`);
    },
    async twoProcesses(kind) {
      const location = await testDatabases.newDatabase(kind);
      const first = await openStores(location);
      const second = await openStores(location);
      after(async () => {
        await first.close();
        await second.close();
      });
      return [first, second];
    },
  };
  return testDatabases;
}
