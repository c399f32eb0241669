// Stand-in property pictures for returning customers (SPEC §2 step 3: the aerial image,
// then the street view): small SVGs drawn from the picture's number, so each demo
// customer's house looks a little different and nothing is downloaded from a map service.
const PALETTES = [
  { lawn: "#5f9e46", roof: "#8a4b3a", wall: "#e9dcc3" },
  { lawn: "#6aa84f", roof: "#44546a", wall: "#f2efe6" },
  { lawn: "#4f8a3c", roof: "#7a6a55", wall: "#d8c7a8" },
  { lawn: "#77b255", roof: "#5b3a29", wall: "#e3e7ea" },
] as const;

/** Accepts only what this module can draw: "aerial-3.svg" or "street-12.svg", n from 1 to 999. */
export function parsePropertyImageName(name: string): { kind: "aerial" | "street"; n: number } | undefined {
  const match = /^(aerial|street)-([1-9]\d{0,2})\.svg$/.exec(name);
  if (!match) return undefined;
  return { kind: match[1] === "aerial" ? "aerial" : "street", n: Number(match[2]) };
}

export function renderPropertyImage(kind: "aerial" | "street", n: number): string {
  const palette = PALETTES[n % PALETTES.length] ?? PALETTES[0];
  const shift = (n * 37) % 120;
  if (kind === "aerial") {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" role="img" aria-label="Aerial view of the property (demo picture ${n})">
  <rect width="640" height="400" fill="${palette.lawn}"/>
  <rect x="0" y="340" width="640" height="60" fill="#9a9a9a"/>
  <rect x="${220 + shift}" y="290" width="40" height="50" fill="#c9c2b4"/>
  <rect x="${140 + shift}" y="120" width="200" height="150" fill="${palette.roof}"/>
  <line x1="${140 + shift}" y1="195" x2="${340 + shift}" y2="195" stroke="#00000033" stroke-width="4"/>
  <circle cx="${60 + shift / 2}" cy="80" r="38" fill="#2f6b2a"/>
  <circle cx="${560 - shift / 3}" cy="250" r="30" fill="#2f6b2a"/>
  <rect x="10" y="10" width="620" height="320" fill="none" stroke="#ffffff88" stroke-width="3" stroke-dasharray="12 8"/>
</svg>
`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" role="img" aria-label="Street view of the property (demo picture ${n})">
  <rect width="640" height="260" fill="#bfe0f5"/>
  <rect y="260" width="640" height="90" fill="${palette.lawn}"/>
  <rect y="350" width="640" height="50" fill="#8c8c8c"/>
  <rect x="${170 + shift / 2}" y="140" width="240" height="130" fill="${palette.wall}"/>
  <polygon points="${150 + shift / 2},145 ${290 + shift / 2},60 ${430 + shift / 2},145" fill="${palette.roof}"/>
  <rect x="${270 + shift / 2}" y="200" width="40" height="70" fill="${palette.roof}"/>
  <rect x="${195 + shift / 2}" y="170" width="50" height="40" fill="#8fb8d6"/>
  <rect x="${335 + shift / 2}" y="170" width="50" height="40" fill="#8fb8d6"/>
  <circle cx="${80 + shift / 3}" cy="230" r="45" fill="#2f6b2a"/>
</svg>
`;
}
