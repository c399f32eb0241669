// A stand-in for the element's shadow root, for tests that render one component: the widget's
// own styles adopted, and the `.qa-root` container its CSS expects.
import { adoptWidgetStyles } from "../../src/ui/styles.ts";

export function widgetRoot(): { host: HTMLElement; shadow: ShadowRoot; container: HTMLElement } {
  const host = document.createElement("div");
  document.body.append(host);
  const shadow = host.attachShadow({ mode: "open" });
  adoptWidgetStyles(shadow);
  const container = document.createElement("div");
  container.className = "qa-root";
  shadow.append(container);
  return { host, shadow, container };
}
