// The confirmation overlay (SPEC §2) in real Chromium: it is announced as an alert dialog and
// takes focus when the visitor is not typing, but never takes the caret from a field.
import { Provider, useAtomValue } from "jotai/react";
import { useEffect } from "react";
import { createStore } from "jotai/vanilla";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { CompanyConfig } from "../../src/config/company-config.ts";
import { confirmationShownAtom } from "../../src/state/atoms.ts";
import { ConfirmationOverlay } from "../../src/ui/chat/confirmation-overlay.tsx";
import { assert, assertEqual, waitFor } from "./helpers.ts";
import { widgetRoot } from "./widget-root.ts";

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

/** Records each `shown` its effects ran for: the overlay's effects of the same render have run too. */
function EffectsRan({ seen }: { seen: boolean[] }) {
  const shown = useAtomValue(confirmationShownAtom);
  useEffect(() => void seen.push(shown), [shown]);
  return null;
}

function mountOverlay() {
  const { host, shadow, container } = widgetRoot();
  const field = document.createElement("input");
  field.setAttribute("aria-label", "Email address");
  container.append(field);
  const overlayRoot = document.createElement("div");
  container.append(overlayRoot);
  const store = createStore();
  const effectsRan: boolean[] = [];
  const root = createRoot(overlayRoot);
  const config = { companyPhone: "(614) 555-0100" } as CompanyConfig;
  flushSync(() =>
    root.render(
      <Provider store={store}>
        <ConfirmationOverlay config={config} />
        <EffectsRan seen={effectsRan} />
      </Provider>,
    ),
  );
  unmount = () => {
    root.unmount();
    host.remove();
  };
  return { shadow, field, store, effectsRan };
}

describe("the confirmation overlay", () => {
  it("takes focus when the visitor is not in a field", async () => {
    const { shadow, store } = mountOverlay();
    flushSync(() => store.set(confirmationShownAtom, true));
    await waitFor(() => shadow.querySelector('[role="alertdialog"]') !== null, "the overlay");
    await waitFor(() => shadow.activeElement?.id === "qa-overlay-title", "focus on its heading");
    assertEqual(shadow.querySelector("a[href^='tel:']")?.textContent, "Contact Us");
  });

  it("never takes the caret from a field the visitor is in", async () => {
    const { shadow, field, store, effectsRan } = mountOverlay();
    field.focus();
    field.value = "jane@exa";
    assertEqual(shadow.activeElement, field as Element | null, "the field has focus before");
    flushSync(() => store.set(confirmationShownAtom, true));
    await waitFor(() => shadow.querySelector('[role="alertdialog"]') !== null, "the overlay");
    // Where the overlay would take focus: its effect for being shown, which has run once its sibling's has.
    await waitFor(() => effectsRan.includes(true), "the overlay's effects");
    assert(shadow.activeElement === field, `focus stayed in the field, not on ${shadow.activeElement?.id}`);
    assertEqual(field.value, "jane@exa");
  });
});
