// The conversation's log in real Chromium: the latest message stays in view as messages come,
// in the frame that shows each (the log scrolls itself after that frame's layout, never by
// forcing a layout of its own in React's commit: issue 35).
import { Provider } from "jotai/react";
import { createStore } from "jotai/vanilla";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { CompanyConfig } from "../../src/config/company-config.ts";
import { transcriptAtom, type TranscriptEntry } from "../../src/state/atoms.ts";
import { Transcript } from "../../src/ui/chat/transcript.tsx";
import { assert, assertEqual } from "./helpers.ts";
import { widgetRoot } from "./widget-root.ts";

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
const said = (id: number): TranscriptEntry => ({ id, from: id % 2 ? "bot" : "visitor", text: `Message number ${id}, long enough to take a line or two of the log.` });

function mountLog(height: number) {
  const { host, shadow, container } = widgetRoot();
  // The window's body: a column whose log takes the room left (as .qa-body lays it out).
  container.style.cssText = `display:flex;flex-direction:column;height:${height}px;width:320px`;
  const store = createStore();
  const root = createRoot(container);
  const config = { companyName: "Sage Lawn", botName: "Sage", companyPhone: "(614) 555-0100", currency: "USD" } as CompanyConfig;
  flushSync(() =>
    root.render(
      <Provider store={store}>
        <Transcript config={config} />
      </Provider>,
    ),
  );
  unmount = () => {
    root.unmount();
    host.remove();
  };
  const log = shadow.querySelector<HTMLElement>('[role="log"]')!;
  const lastShown = () => {
    const last = log.querySelector(".qa-log-entries")!.lastElementChild!.getBoundingClientRect();
    const box = log.getBoundingClientRect();
    return last.bottom <= box.bottom + 1 && last.top >= box.top - 1;
  };
  return { store, log, lastShown };
}

describe("the conversation's log", () => {
  it("keeps the latest message in view as messages come, one frame after each", async () => {
    const { store, log, lastShown } = mountLog(220);
    const entries: TranscriptEntry[] = [];
    for (let id = 1; id <= 12; id++) {
      entries.push(said(id));
      flushSync(() => store.set(transcriptAtom, [...entries]));
      await nextFrame();
      assert(lastShown(), `message ${id} in view (scrollTop ${log.scrollTop} of ${log.scrollHeight - log.clientHeight})`);
    }
    assert(log.scrollHeight > log.clientHeight + 100, "the log overflows: the test scrolled for real");
    assertEqual(Math.round(log.scrollTop), log.scrollHeight - log.clientHeight, "at the end");
  });

  it("the log shrinking (a phone's keyboard opening) keeps the latest message in view", async () => {
    const { store, log, lastShown } = mountLog(400);
    flushSync(() => store.set(transcriptAtom, Array.from({ length: 12 }, (_, i) => said(i + 1))));
    await nextFrame();
    assert(lastShown(), "in view at first");
    (log.getRootNode() as ShadowRoot).querySelector<HTMLElement>(".qa-root")!.style.height = "180px";
    await nextFrame();
    await nextFrame();
    assert(lastShown(), `still in view once shrunk (scrollTop ${log.scrollTop})`);
  });
});
