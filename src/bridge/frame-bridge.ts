// postMessage with a third-party frame (measuring tool, payment frames). A message is taken
// only when ALL hold: its origin equals the allowed origin exactly, it comes from that very
// iframe's window (not a second frame or a popup of the same origin), and it passes its schema.
// Anything else is dropped silently: a hostile page gets no signal to probe with.
import * as v from "valibot";

/** The origin of an http(s) URL, or null for anything else (including "null" and file:). */
export function exactOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

export interface FrameListener<T> {
  /** Where the frame lives: its URL or origin. */
  frameUrl: string;
  /** The iframe element's window, read when a message arrives (it changes on navigation). */
  frameWindow: () => Window | null | undefined;
  schema: v.GenericSchema<unknown, T>;
  onMessage: (message: T) => void;
  /** The window that receives the messages (default: ours). */
  receiver?: Window;
}

/** Starts listening; returns the function that stops it. */
export function listenToFrame<T>(options: FrameListener<T>): () => void {
  const allowed = exactOrigin(options.frameUrl);
  const receiver = options.receiver ?? window;
  const onMessage = (event: MessageEvent) => {
    if (allowed === null || event.origin !== allowed) return;
    const frame = options.frameWindow();
    if (!frame || event.source !== frame) return;
    const parsed = v.safeParse(options.schema, event.data);
    if (!parsed.success) return;
    try {
      options.onMessage(parsed.output);
    } catch (error) {
      console.error("[quote-assistant] a frame message handler failed", error);
    }
  };
  receiver.addEventListener("message", onMessage);
  return () => receiver.removeEventListener("message", onMessage);
}

/** Sends to a frame, naming its exact origin: the message goes nowhere if the frame navigated away. */
export function postToFrame(frame: Window, frameUrl: string, message: unknown): boolean {
  const origin = exactOrigin(frameUrl);
  if (!origin) return false;
  frame.postMessage(message, origin);
  return true;
}
