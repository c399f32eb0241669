// Renders React into a shadow root under happy-dom, the way the widget does, and finds
// things the way a visitor's assistive technology names them.
import { act, type ReactElement } from "react";
import { createRoot } from "react-dom/client";

export interface Rendered {
  shadow: ShadowRoot;
  rerender(element: ReactElement): Promise<void>;
  unmount(): Promise<void>;
}

export async function render(element: ReactElement): Promise<Rendered> {
  const host = document.createElement("div");
  document.body.append(host);
  const shadow = host.attachShadow({ mode: "open" });
  const container = document.createElement("div");
  container.className = "qa-root";
  shadow.append(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  return {
    shadow,
    rerender: (next) => act(async () => root.render(next)),
    unmount: async () => {
      await act(async () => root.unmount());
      host.remove();
    },
  };
}

export const text = (el: Node | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

/** The accessible name, for the ways this view names things: aria-label, aria-labelledby, alt, content. */
export function nameOf(el: Element): string {
  const label = el.getAttribute("aria-label");
  if (label) return label;
  const by = el.getAttribute("aria-labelledby");
  if (by) {
    const root = el.getRootNode() as ShadowRoot;
    return by
      .split(" ")
      .map((id) => text(root.getElementById(id)))
      .join(" ");
  }
  if (el instanceof HTMLImageElement) return el.alt;
  return text(el);
}

const IMPLICIT: Record<string, string> = {
  button: "button:not([role])",
  heading: "h1,h2,h3,h4,h5,h6",
  img: "img",
  list: "ul,ol",
  region: "section[aria-labelledby],[role=region]",
};

export function allByRole(root: ParentNode, role: string, name?: string | RegExp): HTMLElement[] {
  const selector = [`[role="${role}"]`, IMPLICIT[role]].filter(Boolean).join(",");
  return Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((el) => {
    if (name === undefined) return true;
    const actual = nameOf(el);
    return typeof name === "string" ? actual === name : name.test(actual);
  });
}

export function byRole(root: ParentNode, role: string, name?: string | RegExp): HTMLElement {
  const found = allByRole(root, role, name);
  if (found.length !== 1) {
    const names = allByRole(root, role).map(nameOf);
    throw new Error(`expected one ${role} named ${String(name)}, found ${found.length}; ${role}s: ${JSON.stringify(names)}`);
  }
  return found[0]!;
}

export const click = (el: HTMLElement) => act(async () => el.click());

export const press = (el: HTMLElement, key: string, init: KeyboardEventInit = {}) =>
  act(async () => {
    el.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, composed: true, ...init }));
  });

export const activeIn = (shadow: ShadowRoot) => shadow.activeElement as HTMLElement | null;
