// The picture sent with the measurement must fit the widget's limit (MAX_IMAGE_CHARS of data
// URL). JPEG of the map view, trying smaller sizes and lower qualities in turn until one fits.
// Pure: the encoder is passed in, so the order of tries is tested without a canvas.

export interface EncodeTry {
  /** The picture's width in pixels (its height follows the map's shape). */
  width: number;
  quality: number;
}

/** Sharp enough to recognise the lawn first; smaller and coarser only if needed. */
export const ENCODE_TRIES: readonly EncodeTry[] = [
  { width: 800, quality: 0.8 },
  { width: 800, quality: 0.6 },
  { width: 640, quality: 0.6 },
  { width: 480, quality: 0.5 },
  { width: 360, quality: 0.4 },
  { width: 240, quality: 0.35 },
];

/** The first encoding no longer than `maxChars`; undefined when none fits (the value is sent alone). */
export function fitImage(encode: (attempt: EncodeTry) => string | undefined, maxChars: number, tries = ENCODE_TRIES): string | undefined {
  for (const attempt of tries) {
    const url = encode(attempt);
    if (url !== undefined && url.length <= maxChars && /^data:image\/jpeg;base64,/.test(url)) return url;
  }
  return undefined;
}
