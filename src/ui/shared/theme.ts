// The CSS variables the stylesheets paint with. Two layers:
// - public ones a host page (an agency) may set on the element, documented in the README:
//   --qa-brand, --qa-on-brand, --qa-font, --qa-radius;
// - the palette the widget derives from the company's colour (src/ui/shared/brand-colors.ts)
//   and sets on its own :host (--qa-p-*), which the public ones override.
// Every reference carries the default look as its last fallback, so a root without a palette
// (the loader's facade before `data-color`, an old browser) still paints the widget's green.
// Plain strings only: the loader must stay dependency-free.
import type { BrandPalette } from "../../config/brand-colors.ts";

// Literal strings (not templates), so that the loader's build drops the ones it does not use.
// #17663f is DEFAULT_BRAND (brand-colors.ts); a unit test keeps them equal.
export const BRAND = "var(--qa-brand,var(--qa-p-brand,#17663f))";
export const ON_BRAND = "var(--qa-on-brand,var(--qa-p-on-brand,#fff))";
/** The brand readable as text on white (>= 4.5:1). */
export const BRAND_INK = "var(--qa-p-ink,#17663f)";
export const BRAND_SOFT = "var(--qa-p-soft,#e6f4ec)";
export const FOCUS_COLOR = "var(--qa-p-focus,#17663f)";
export const FONT = 'var(--qa-font,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif)';
/** The corners of the window and the modals. */
export const RADIUS = "var(--qa-radius,16px)";

/** `:host` rules that set a palette's variables; the public variables still win over them. */
export const paletteCss = (p: BrandPalette): string =>
  `:host{--qa-p-brand:${p.brand};--qa-p-on-brand:${p.onBrand};--qa-p-ink:${p.brandInk};--qa-p-soft:${p.brandSoft};--qa-p-focus:${p.focus}}`;
