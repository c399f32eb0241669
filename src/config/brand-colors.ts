// A company's brand colour and the colours the widget derives from it, so that text on the
// brand is always readable (WCAG AA: contrast >= 4.5:1) whatever colour a company picks.
// Pure and dependency-free: the loader paints its bubble with it before the bundle has run.
//
// Accepted colours: `#rgb`, `#rrggbb` and `rgb(r, g, b)` / `rgb(r g b)` with 0-255 channels.
// These are what brand guides give; anything else is a configuration error (the default look).

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** The widget's own green, used when a company gives no colour or a wrong one. */
export const DEFAULT_BRAND = "#17663f";

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*\)$/i;

/** `#rgb` or `#rrggbb` (the snippet's `data-color`): the channels, or undefined. */
export const parseHex = (text: string): Rgb | undefined => {
  const hex = HEX.exec(text.trim())?.[1];
  if (!hex) return undefined;
  const n = parseInt(hex.length === 3 ? hex.replace(/./g, "$&$&") : hex, 16);
  return { r: n >> 16, g: (n >> 8) & 255, b: n & 255 };
};

/** The colour's channels, or undefined when it is not one of the accepted forms. */
export const parseColor = (text: string): Rgb | undefined => {
  const hex = parseHex(text);
  if (hex) return hex;
  const rgb = RGB.exec(text.trim());
  if (!rgb) return undefined;
  const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
  return r > 255 || g > 255 || b > 255 ? undefined : { r, g, b };
};

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export const luminance = ({ r, g, b }: Rgb): number => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** WCAG contrast ratio of two colours, 1 to 21. */
export const contrast = (a: Rgb, b: Rgb): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/**
 * White or black text, whichever reads better on the colour. One of the two always reaches
 * 4.58:1 (the worst colour sits where both ratios meet), so AA holds for every colour.
 * White wins while 1.05 / (L + .05) >= (L + .05) / .05, i.e. (L + .05)^2 <= .0525: the
 * luminance test below is that comparison, without the ratios (the loader carries this code).
 */
export const textOn = (background: Rgb): string => ((luminance(background) + 0.05) ** 2 <= 0.0525 ? "#fff" : "#000");

export const toHex = ({ r, g, b }: Rgb): string => "#" + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("");

/** `amount` of `b` mixed into `a` (0 gives a, 1 gives b). */
export const mix = (a: Rgb, b: Rgb, amount: number): Rgb => ({
  r: a.r + (b.r - a.r) * amount,
  g: a.g + (b.g - a.g) * amount,
  b: a.b + (b.b - a.b) * amount,
});

/** The colour darkened (mixed with black, in 5 % steps) until it reaches `ratio` on white. */
export const darkenForWhite = (color: Rgb, ratio: number): Rgb => {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, BLACK, step / 20);
    const rounded = parseColor(toHex(candidate))!;
    if (contrast(rounded, WHITE) >= ratio) return rounded;
  }
  return BLACK;
};

/** Everything the stylesheets read from the brand (src/ui/shared/theme.ts names the variables). */
export interface BrandPalette {
  /** Backgrounds: header, bubble, primary buttons, the visitor's bubbles. */
  brand: string;
  /** Text and icons on `brand`: >= 4.5:1. */
  onBrand: string;
  /** The brand as text, borders and focus rings on white: >= 4.5:1 on white. */
  brandInk: string;
  /** A light tint of the brand for selected cards. */
  brandSoft: string;
  /** Focus rings on white (the accent when it is readable there, else brandInk): >= 3:1 on white. */
  focus: string;
}

/** The palette for a brand colour and an optional accent; both already parsed. */
export const brandPalette = (brand: Rgb, accent?: Rgb): BrandPalette => {
  const ink = toHex(darkenForWhite(brand, 4.5));
  return {
    brand: toHex(brand),
    onBrand: textOn(brand),
    brandInk: ink,
    brandSoft: toHex(mix(brand, WHITE, 0.88)),
    focus: accent && contrast(accent, WHITE) >= 3 ? toHex(accent) : ink,
  };
};

/**
 * The loader's share, before the bundle: the bubble's and the shell header's colours only
 * (the widget sets the whole palette when it runs). Hex only, to keep the loader small; empty
 * for anything else.
 */
export const bubbleBrandCss = (color: string): string => {
  const rgb = parseHex(color);
  return rgb ? `:host{--qa-p-brand:${toHex(rgb)};--qa-p-on-brand:${textOn(rgb)}}` : "";
};

/** The palette for colour texts from a configuration or a snippet; wrong or missing ones give the default. */
export const paletteFor = (brand: string | undefined, accent?: string): BrandPalette =>
  brandPalette(parseColor(brand ?? "") ?? parseColor(DEFAULT_BRAND)!, accent === undefined ? undefined : parseColor(accent));
