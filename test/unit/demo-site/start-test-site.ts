// Starts the demo site on a random port base for one test. Test files run in parallel
// processes, so a base that turns out to be taken is simply replaced by another.
import { startDemoSite, type DemoSite, type DemoSiteOptions } from "../../../demo-site/server.ts";

export async function startTestSite(options: Pick<DemoSiteOptions, "dbPath"> = {}): Promise<DemoSite> {
  for (let attempt = 1; ; attempt++) {
    const portBase = 20000 + Math.floor(Math.random() * 40000);
    try {
      return await startDemoSite({ ...options, portBase, quiet: true });
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !/is in use/.test(error.message)) throw error;
    }
  }
}
