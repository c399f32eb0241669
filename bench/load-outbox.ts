// The outbox side of the load benchmark (bench/load.ts, issue 34): local stand-ins for a
// company's webhook receiver and the staff's mail server, the delivery settings that turn a
// company's alerts and webhooks on or off for a phase, and what the outbox did in a phase.
// Nothing leaves this machine: the receiver and the SMTP sink listen on 127.0.0.1, in a child
// process of their own (this file run as a script), so that their answers do not wait for the
// benchmark's 50 clients on one event loop.
import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import { sql, type Kysely } from "kysely";
import { SMTPServer } from "smtp-server";
import { ALERT_EVENTS } from "../server/console/console-store.ts";
import { openStores } from "../server/db/stores.ts";
import type { Schema } from "../server/db/schema.ts";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from "../server/webhooks/signature.ts";

export type OutboxMode = "on" | "off";

/** The secret the receiver checks signatures with, set as the company's in the "on" phase. */
export const BENCH_WEBHOOK_SECRET = "whsec_load_bench";
export const BENCH_OWNER_EMAIL = "owner@load-bench.example";

export interface StandIns {
  receiverUrl: string;
  smtpUrl: string;
  /** Webhooks answered 200 (signature checked), refused (bad signature), and e-mails accepted. */
  counts(): Promise<Tally>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

interface Tally {
  webhooks: number;
  badSignatures: number;
  mails: number;
}

/** A webhook receiver that answers 200 to a well-signed POST, and an SMTP server that takes every message. */
async function serveStandIns(): Promise<{ receiverUrl: string; smtpUrl: string }> {
  const tally = { webhooks: 0, badSignatures: 0, mails: 0 };
  const receiver: Server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/counts") return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(tally));
    if (req.method === "POST" && req.url === "/reset") {
      Object.assign(tally, { webhooks: 0, badSignatures: 0, mails: 0 });
      return void res.writeHead(204).end();
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const verdict = verifyWebhook({
        secret: BENCH_WEBHOOK_SECRET,
        body: Buffer.concat(chunks).toString("utf8"),
        timestampHeader: req.headers[TIMESTAMP_HEADER.toLowerCase()] as string | undefined,
        signatureHeader: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined,
      });
      if (verdict.ok) tally.webhooks++;
      else tally.badSignatures++;
      res.writeHead(verdict.ok ? 200 : 401, { "Content-Type": "text/plain" }).end(verdict.ok ? "ok" : verdict.reason);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        tally.mails++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(0, "127.0.0.1", () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const receiverPort = (receiver.address() as AddressInfo).port;
  return { receiverUrl: `http://127.0.0.1:${receiverPort}/webhook`, smtpUrl: `smtp://127.0.0.1:${smtpPort}` };
}

/** The stand-ins in a child process; its counts are asked for over HTTP (GET /counts, POST /reset). */
export async function startStandIns(): Promise<StandIns> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], { stdio: ["ignore", "pipe", "inherit"] });
  const urls = await new Promise<{ receiverUrl: string; smtpUrl: string }>((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8");
      const line = seen.split("\n").find((entry) => entry.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { receiverUrl: string; smtpUrl: string });
    });
    child.once("exit", (code) => reject(new Error(`the stand-ins exited with ${code}`)));
  });
  const ask = (method: "GET" | "POST", path: string) =>
    new Promise<string>((resolve, reject) => {
      const req = request(new URL(path, urls.receiverUrl), { method }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        res.on("end", () => resolve(body));
      });
      req.on("error", reject);
      req.end();
    });
  return {
    ...urls,
    counts: async () => JSON.parse(await ask("GET", "/counts")) as Tally,
    reset: async () => void (await ask("POST", "/reset")),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The phase's delivery settings, written to the database the servers run on: "on", the company
 * sends its webhooks to the receiver and alerts its owner's address of every event (the
 * console's default); "off", no webhook URL and no alert address, so nothing is queued.
 */
export async function configureDeliveries(databaseUrl: string, companyId: string, mode: OutboxMode, receiverUrl: string): Promise<void> {
  const stores = await openStores(databaseUrl.replace(/^sqlite:(\/\/)?/, ""));
  try {
    await stores.transaction(async (tx) => {
      await tx.outbox.replaceSettings(
        mode === "on" ? [{ companyId, webhookUrls: [receiverUrl], webhookSecret: BENCH_WEBHOOK_SECRET, apiKey: null }] : [],
      );
      await tx.console.saveSettings(companyId, mode === "on" ? { alertEmails: [BENCH_OWNER_EMAIL], alertEvents: [...ALERT_EVENTS] } : { alertEmails: [], alertEvents: [] }, new Date());
    });
  } finally {
    await stores.close();
  }
}

export interface OutboxFigures {
  /** Outbox rows written since the phase began: webhooks, alert e-mails, digests. */
  webhookRows: number;
  alertRows: number;
  digestRows: number;
  /** Of those, still pending when the servers stopped. */
  webhooksPending: number;
  alertsPending: number;
  /** Alerts folded into digests (delivered as part of one, never sent alone). */
  alertsFolded: number;
  /** Attempts logged in webhook_deliveries: webhooks, e-mails (ok / failed). */
  webhookAttempts: number;
  webhookAttemptsFailed: number;
  mailAttempts: number;
  mailAttemptsFailed: number;
}

/** What the outbox holds for rows created at or after `since` (an ISO time). */
export async function outboxFigures(db: Kysely<Schema>, since: string): Promise<OutboxFigures> {
  const rows = (
    await sql<{ mail: number; digest: number; state: string; attempts: number; n: number | string }>`
      SELECT CASE WHEN url LIKE 'mailto:%' THEN 1 ELSE 0 END AS mail, CASE WHEN event_id LIKE 'digest:%' THEN 1 ELSE 0 END AS digest,
             state, CASE WHEN attempts > 0 THEN 1 ELSE 0 END AS attempts, COUNT(*) AS n
      FROM webhook_outbox WHERE created_at >= ${since} AND event_type <> 'sign-in'
      GROUP BY 1, 2, 3, 4`.execute(db)
  ).rows.map((row) => ({ mail: Number(row.mail) === 1, digest: Number(row.digest) === 1, state: row.state, tried: Number(row.attempts) === 1, n: Number(row.n) }));
  const sum = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((total, row) => total + row.n, 0);
  const attempts = (
    await sql<{ mail: number; failed: number; n: number | string }>`
      SELECT CASE WHEN url LIKE 'mailto:%' THEN 1 ELSE 0 END AS mail, CASE WHEN error IS NULL THEN 0 ELSE 1 END AS failed, COUNT(*) AS n
      FROM webhook_deliveries WHERE attempted_at >= ${since} GROUP BY 1, 2`.execute(db)
  ).rows.map((row) => ({ mail: Number(row.mail) === 1, failed: Number(row.failed) === 1, n: Number(row.n) }));
  const tried = (mail: boolean, failed?: boolean) => attempts.filter((row) => row.mail === mail && (failed === undefined || row.failed === failed)).reduce((total, row) => total + row.n, 0);
  return {
    webhookRows: sum((row) => !row.mail),
    alertRows: sum((row) => row.mail && !row.digest),
    digestRows: sum((row) => row.digest),
    webhooksPending: sum((row) => !row.mail && row.state === "pending"),
    alertsPending: sum((row) => row.mail && row.state === "pending"),
    // A folded alert is delivered without an attempt of its own.
    alertsFolded: sum((row) => row.mail && !row.digest && row.state === "delivered" && !row.tried),
    webhookAttempts: tried(false),
    webhookAttemptsFailed: tried(false, true),
    mailAttempts: tried(true),
    mailAttemptsFailed: tried(true, true),
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await serveStandIns()));
  process.once("SIGTERM", () => process.exit(0));
}
