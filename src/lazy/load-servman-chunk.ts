// Fetches the ServMan chunk (its chapter of the flow) once per page, as the other chunks are
// fetched (load-quote-chunk.ts): its own <script>, same origin and path as the bundle, the
// page's nonce; a failure is forgotten so the next attempt loads again.
import { SERVMAN_CHUNK_FILE, type ServmanChapter } from "../state/tasks/servman-chapter.ts";
import { loadScriptOnce } from "../payments/load-script.ts";
import { chunkUrl } from "./chunk-url.ts";
import { registeredServmanChapter } from "./shared-registry.ts";

/** ServMan's chapter, when its script has already run on this page. */
export const loadedServmanChapter = registeredServmanChapter;

export async function loadServmanChapter(url: string = chunkUrl(SERVMAN_CHUNK_FILE)): Promise<ServmanChapter> {
  await loadScriptOnce(url, () => loadedServmanChapter() !== undefined);
  return loadedServmanChapter()!;
}
