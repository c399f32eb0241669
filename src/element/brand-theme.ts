// Paints an element in its company's colours: the palette (src/ui/shared/brand-colors.ts)
// goes into the shadow root as `:host` variables, in a constructed sheet of the root's own,
// replaced when the colour changes (a strict CSP allows constructed sheets).
//
// Which colour: a host page's own `--qa-brand` on the element (an agency's theme) wins, and
// the palette is derived from it, so the text on it stays readable; then the company's
// configured brandColor; then the snippet's `data-color` (the `brand-color` attribute the
// loader sets), which paints the window before the configuration has arrived.
import type { CompanyConfig } from "../config/company-config.ts";
import { paletteFor, parseColor } from "../config/brand-colors.ts";
import { paletteCss } from "../ui/shared/theme.ts";
import { canAdopt } from "../ui/styles.ts";

const paletteSheets = new WeakMap<ShadowRoot, CSSStyleSheet | HTMLStyleElement>();

/** The colour a host page set with `--qa-brand` on the element, when it reads as one. */
function hostBrand(host: HTMLElement): string | undefined {
  const value = getComputedStyle(host).getPropertyValue("--qa-brand").trim();
  return value && parseColor(value) ? value : undefined;
}

export function applyBrand(host: HTMLElement, config: Pick<CompanyConfig, "brandColor" | "accentColor"> | null): void {
  const root = host.shadowRoot;
  if (!root) return;
  const attribute = host.getAttribute("brand-color") ?? undefined;
  const brand = hostBrand(host) ?? config?.brandColor ?? (attribute && parseColor(attribute) ? attribute : undefined);
  const css = paletteCss(paletteFor(brand, config?.accentColor));
  const existing = paletteSheets.get(root);
  if (existing) {
    if ("replaceSync" in existing) existing.replaceSync(css);
    else existing.textContent = css;
    return;
  }
  if (canAdopt(root)) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    paletteSheets.set(root, sheet);
    return;
  }
  const style = document.createElement("style");
  style.textContent = css;
  root.prepend(style);
  paletteSheets.set(root, style);
}
