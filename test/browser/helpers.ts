// Helpers for browser tests: load the built bundle like a host page does, mount elements
// against the API stub of web-test-runner.config.mjs, wait for what a visitor would see.
import { eventually } from "../eventually.ts";

export const TEST_API = `${location.origin}/test-api`;

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export function assertEqual<T>(actual: T, expected: T, message = "values differ"): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message}: expected ${e}, got ${a}`);
}

export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

export async function loadBundle(): Promise<void> {
  if (!customElements.get("quote-assistant")) await loadScript("/dist/quote-assistant.js");
}

export function mount(attributes: Record<string, string>): HTMLElement {
  const el = document.createElement("quote-assistant");
  el.setAttribute("api-base", TEST_API);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

export function root(el: HTMLElement): ShadowRoot {
  assert(el.shadowRoot, "the element has an open shadow root");
  return el.shadowRoot;
}

/** `probe`'s value once it is truthy; a failure naming `what` and what it last gave otherwise. */
export async function waitFor<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 8000): Promise<T> {
  return (await eventually(what, probe, Boolean, { timeoutMs, everyMs: 20 })) as T;
}

export function buttonsIn(el: HTMLElement): HTMLButtonElement[] {
  return Array.from(root(el).querySelectorAll<HTMLButtonElement>(".qa-choices button"));
}

export function messagesIn(el: HTMLElement): string[] {
  return Array.from(root(el).querySelectorAll('[role="log"] .qa-msg')).map((m) =>
    (m.textContent ?? "").replace(/^(Sprout|You): /, ""),
  );
}

export async function waitForButtons(el: HTMLElement, what = "answer buttons"): Promise<HTMLButtonElement[]> {
  return waitFor(() => {
    const buttons = buttonsIn(el);
    return buttons.length > 0 && buttons;
  }, what);
}

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>;
}

/** Serious and critical axe-core violations in the widget, its shadow root included. */
export async function seriousAxeViolations(el: HTMLElement): Promise<string[]> {
  const w = window as unknown as { axe?: { run(ctx: Element, opts: object): Promise<AxeResult> } };
  if (!w.axe) await loadScript("/node_modules/axe-core/axe.min.js");
  const result = await w.axe!.run(el, { resultTypes: ["violations"] });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

export function cleanup(): void {
  document.querySelectorAll("quote-assistant").forEach((el) => el.remove());
  // Each test starts a fresh conversation: the widget saves its conversation locally, and an
  // unstarted one for the tab (sessionStorage: every test runs in the same tab).
  localStorage.clear();
  sessionStorage.clear();
}
