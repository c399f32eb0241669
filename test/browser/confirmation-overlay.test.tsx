// The confirmation overlay (SPEC §2) in real Chromium: it is announced as an alert dialog and
// takes focus when the visitor is not typing, but never takes the caret from a field.
import { Provider } from "jotai/react";
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

function mountOverlay() {
  const { host, shadow, container } = widgetRoot();
  const field = document.createElement("input");
  field.setAttribute("aria-label", "Email address");
  container.append(field);
  const overlayRoot = document.createElement("div");
  container.append(overlayRoot);
  const store = createStore();
  const root = createRoot(overlayRoot);
  const config = { companyPhone: "(614) 555-0100" } as CompanyConfig;
  flushSync(() =>
    root.render(
      <Provider store={store}>
        <ConfirmationOverlay config={config} />
      </Provider>,
    ),
  );
  unmount = () => {
    root.unmount();
    host.remove();
  };
  return { shadow, field, store };
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
    const { shadow, field, store } = mountOverlay();
    field.focus();
    field.value = "jane@exa";
    assertEqual(shadow.activeElement, field as Element | null, "the field has focus before");
    flushSync(() => store.set(confirmationShownAtom, true));
    await waitFor(() => shadow.querySelector('[role="alertdialog"]') !== null, "the overlay");
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert(shadow.activeElement === field, `focus stayed in the field, not on ${shadow.activeElement?.id}`);
    assertEqual(field.value, "jane@exa");
  });
});
