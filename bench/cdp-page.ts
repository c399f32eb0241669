// Chromium driven over the DevTools protocol with only the domains a measure needs, as a
// visitor's browser runs a page: no inspector's Runtime domain. Playwright enables Runtime on
// every page, and with it V8 records where each Error is made (React makes several as its
// module starts) by reparsing every function on the stack, the bundle's whole top-level
// function included: at 4x CPU the bundle's first run took 425 ms with Runtime enabled against
// 125-200 ms without, the same build and page (issue 35). Runtime.evaluate works without
// Runtime.enable; page errors are recorded by bench/page-probe.js.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { pinnedCommand, pinningPlan, pinRenderers, type CpuPinning } from "./pin-cpu.ts";

type Params = Record<string, unknown>;
type Listener = (params: Params) => void;

const START_TIMEOUT_MS = 20_000;
/** A cold page at 4x CPU on a slow link loads in a few seconds; this is a hang. */
const LOAD_TIMEOUT_MS = 60_000;

class Connection {
  private lastId = 0;
  private readonly pending = new Map<number, { resolve(value: Params): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id?: number; method?: string; params?: Params; result?: Params; error?: { message: string }; sessionId?: string };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of this.listeners.get(`${message.sessionId ?? ""}:${message.method}`) ?? []) listener(message.params ?? {});
      }
    });
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject: (error) => reject(new Error(`${method}: ${error.message}`)) });
      this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  once(sessionId: string, method: string): Promise<Params> {
    const key = `${sessionId}:${method}`;
    return new Promise((resolve) => {
      const listener: Listener = (params) => {
        this.listeners.get(key)!.delete(listener);
        resolve(params);
      };
      if (!this.listeners.has(key)) this.listeners.set(key, new Set());
      this.listeners.get(key)!.add(listener);
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** One tab in a browser context of its own (an empty HTTP cache and code cache: a first visit). */
export class CdpPage {
  constructor(
    private readonly connection: Connection,
    private readonly sessionId: string,
    private readonly contextId: string,
  ) {}

  send(method: string, params: Params = {}): Promise<Params> {
    return this.connection.send(method, params, this.sessionId);
  }

  /** Runs before any of the page's own scripts, in every document the tab loads. */
  async addInitScript(source: string): Promise<void> {
    await this.send("Page.addScriptToEvaluateOnNewDocument", { source });
  }

  /** Requests whose URL matches one of the patterns (`*` wildcards) fail, as a blocked script would. */
  async blockUrls(patterns: string[]): Promise<void> {
    await this.send("Network.enable");
    await this.send("Network.setBlockedURLs", { urls: patterns });
  }

  /** Navigates and waits for the load event; a page that never loads fails the run, it does not hang it. */
  async goto(url: string): Promise<void> {
    const loaded = this.connection.once(this.sessionId, "Page.loadEventFired");
    const { errorText } = (await this.send("Page.navigate", { url })) as { errorText?: string };
    if (errorText) throw new Error(`could not load ${url}: ${errorText}`);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${url} did not load in ${LOAD_TIMEOUT_MS / 1000} s`)), LOAD_TIMEOUT_MS)));
    await Promise.race([loaded, late]).finally(() => clearTimeout(timer));
  }

  /** An expression's value, a promise's once settled (a string of page JavaScript, not a function). */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = (await this.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true })) as {
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  }

  /** Resolves true once `expression` is truthy, false after `timeoutMs`. */
  async waitFor(expression: string, timeoutMs: number, pollMs = 50): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (await this.evaluate<boolean>(`!!(${expression})`)) return true;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return false;
  }

  /** A mouse click at a point of the viewport: move, press, release, as a visitor's mouse. */
  async click(x: number, y: number): Promise<void> {
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"]) {
      await this.send("Input.dispatchMouseEvent", { type, x, y, button: type === "mouseMoved" ? "none" : "left", clickCount: type === "mouseMoved" ? 0 : 1 });
    }
  }

  async close(): Promise<void> {
    await this.connection.send("Target.disposeBrowserContext", { browserContextId: this.contextId }).catch(() => undefined);
  }
}

export class CdpBrowser {
  private constructor(
    private readonly process: ChildProcess,
    private readonly connection: Connection,
    private readonly profileDir: string,
    private readonly product: string,
    /** Where the renderers' main threads run (pin-cpu.ts): on a CPU of their own when pinned. */
    readonly pinning: CpuPinning,
    private readonly stopPinning: () => void,
  ) {}

  /**
   * Debian's Chromium with the test suite's flags, a fresh profile, its protocol on a free port;
   * each page's main thread on a CPU of its own where pin-cpu.ts can (BENCH_PIN=0: not).
   */
  static async launch(): Promise<CdpBrowser> {
    const profileDir = mkdtempSync(join(tmpdir(), "qa-bench-chromium-"));
    const pinning = pinningPlan();
    const [command, args] = pinnedCommand(pinning, CHROMIUM_PATH, [...CHROMIUM_ARGS, `--user-data-dir=${profileDir}`, "--remote-debugging-port=0", "about:blank"]);
    // taskset runs Chromium in its own process (exec): the child's pid is the browser's.
    const child = spawn(command, args, { stdio: "ignore" });
    const stopPinning = pinRenderers(pinning, child.pid!);
    try {
      const portFile = join(profileDir, "DevToolsActivePort");
      const until = Date.now() + START_TIMEOUT_MS;
      while (!existsSync(portFile) || readFileSync(portFile, "utf8").split("\n").length < 2) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`${CHROMIUM_PATH} did not open its DevTools port`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [port, path] = readFileSync(portFile, "utf8").split("\n");
      const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { perMessageDeflate: false });
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      const connection = new Connection(socket);
      const { product } = (await connection.send("Browser.getVersion")) as { product: string };
      return new CdpBrowser(child, connection, profileDir, product, pinning, stopPinning);
    } catch (error) {
      stopPinning();
      child.kill();
      throw error;
    }
  }

  /** "Chrome/156.0.8078.108" → "156.0.8078.108". */
  version(): string {
    return this.product.replace(/^[^/]*\//, "");
  }

  async newPage(viewport: { width: number; height: number }): Promise<CdpPage> {
    const { browserContextId } = (await this.connection.send("Target.createBrowserContext", { disposeOnDetach: true })) as { browserContextId: string };
    const { targetId } = (await this.connection.send("Target.createTarget", { url: "about:blank", browserContextId, ...viewport })) as { targetId: string };
    const { sessionId } = (await this.connection.send("Target.attachToTarget", { targetId, flatten: true })) as { sessionId: string };
    const page = new CdpPage(this.connection, sessionId, browserContextId);
    await page.send("Page.enable");
    await page.send("Emulation.setDeviceMetricsOverride", { ...viewport, deviceScaleFactor: 1, mobile: false });
    return page;
  }

  async close(): Promise<void> {
    this.stopPinning();
    this.connection.close();
    const exited = new Promise((resolve) => this.process.once("exit", resolve));
    this.process.kill();
    await exited;
    // Its helper processes may still write to the profile for a moment after the browser exits.
    rmSync(this.profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
