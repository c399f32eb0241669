// The element's names, shared by the bundle and the dependency-free loader.

export const TAG_NAME = "quote-assistant";
/** Taken when the page has defined an element of its own as `quote-assistant` first. */
export const FALLBACK_TAG_NAME = "quote-assistant-widget";
/** Both names, for querySelectorAll. */
export const WIDGET_SELECTOR = `${TAG_NAME},${FALLBACK_TAG_NAME}`;
