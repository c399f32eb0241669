// window.QuoteAssistant in real Chromium: commands reach the element, events reach the page.
import { assert, assertEqual, cleanup, loadBundle, mount, root, waitFor, waitForButtons } from "./helpers.ts";

afterEach(() => cleanup());

type QA = (command: string, ...args: unknown[]) => void;
const qa = () => (window as unknown as { QuoteAssistant: QA }).QuoteAssistant;

describe("the host-page API", () => {
  it("open and close drive the chat, and 'on' hears ready, open and close", async () => {
    const heard: string[] = [];
    // A host page may queue calls before the bundle arrives, as the loader's stub does.
    (window as unknown as { QuoteAssistant: unknown }).QuoteAssistant ??= Object.assign(
      (...args: unknown[]) => ((window as unknown as { QuoteAssistant: { q: unknown[] } }).QuoteAssistant.q.push(args)),
      { q: [] as unknown[] },
    );
    for (const name of ["ready", "open", "close"]) qa()("on", name, () => heard.push(name));
    await loadBundle();
    const el = mount({ company: "lawn-co", bot: "b1" });
    await waitFor(() => heard.includes("ready"), "ready");
    qa()("open");
    await waitFor(() => root(el).querySelector('[role="dialog"]'), "chat opened by the host");
    await waitForButtons(el);
    qa()("close");
    await waitFor(() => !root(el).querySelector('[role="dialog"]'), "chat closed by the host");
    assertEqual(heard, ["ready", "open", "close"]);
    assert(!el.hasAttribute("open"), "the open attribute follows");
  });
});
