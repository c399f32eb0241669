// The demo site on eight ports (demo-site/demo-site.ts composes it: a company's site, the widget
// and its API, stand-ins for three third parties, a webhook receiver, a mail sink and a text
// sink), and the mail sink's SMTP server on a free port, so the e-mail path is SMTP as in
// production. `tsx demo-site/server.ts` runs it; e2e tests and benchmarks call startDemoSite();
// the server tests use createDemoSite() in process, with no port.
import { existsSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describeDemoSite } from "./banner.ts";
import { closeServer, listen, PortInUseError } from "./listen.ts";
import { createMailSink } from "./mail-sink/mail-sink.ts";
import { createDemoSite, DIST_DIR, ORIGIN_ORDER, portBaseFromEnv, type DemoSiteOptions, type DemoSiteUrls } from "./demo-site.ts";

export { createDemoSite, demoSiteUrls, portBaseFromEnv, type ComposedDemoSite, type DemoSiteOptions, type DemoSiteUrls } from "./demo-site.ts";

export interface DemoSite {
  urls: DemoSiteUrls;
  close(): Promise<void>;
}

export const DEFAULT_DB_FILE = fileURLToPath(new URL(".data/demo.db", import.meta.url));

export async function startDemoSite(options: DemoSiteOptions = {}): Promise<DemoSite> {
  const portBase = options.portBase ?? portBaseFromEnv();
  // The staff's mailboxes: an SMTP server on a free local port (SMTP_URL sends elsewhere instead).
  const mailSink = createMailSink();
  const smtpUrl = process.env.SMTP_URL || (await mailSink.listen(0));
  let site: Awaited<ReturnType<typeof createDemoSite>>;
  try {
    site = await createDemoSite({ ...options, portBase, smtpUrl, mailSink });
  } catch (error) {
    await mailSink.close();
    throw error;
  }

  const started = await Promise.allSettled(ORIGIN_ORDER.map((role, offset) => listen(site.apps[role], portBase + offset)));
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await Promise.all(servers.map(closeServer));
    await mailSink.close();
    await site.close();
    const error: unknown = failure.reason;
    if (error instanceof PortInUseError) {
      throw new Error(
        `port ${error.port} is in use; set PORT_BASE=${portBase + 100} or another base with ${ORIGIN_ORDER.length} free ports (now ${portBase}-${portBase + ORIGIN_ORDER.length - 1})`,
        { cause: error },
      );
    }
    throw error;
  }

  if (!options.quiet) {
    console.log(describeDemoSite(site.urls));
    if (!existsSync(DIST_DIR)) console.warn("\ndist/ is missing: run `npm run build` (npm start does it for you).");
  }

  const shutDown = async () => {
    try {
      await Promise.all([site.workers.webhooks.stop(), site.workers.followUps.stop()]);
      await Promise.all(servers.map(closeServer));
      await mailSink.close();
    } finally {
      await site.close();
    }
  };
  let closing: Promise<void> | undefined;
  return {
    urls: site.urls,
    // Idempotent: a test's after() and a signal handler may both ask.
    close: () => (closing ??= shutDown()),
  };
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  try {
    // DATABASE_URL=postgres://… runs the same demo on PostgreSQL.
    const site = await startDemoSite({ dbPath: process.env.DATABASE_URL || DEFAULT_DB_FILE });
    const stop = (signal: NodeJS.Signals) => {
      console.log(`\n${signal}: stopping the demo site`);
      site.close().catch((error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      });
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
