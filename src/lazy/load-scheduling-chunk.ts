// Fetches the scheduling chunk (ServMan's calendar) once per page, as the quote chunk is
// fetched (load-quote-chunk.ts): its own <script>, same origin and path as the bundle, the
// page's nonce; a failure is forgotten so the next attempt loads again.
import { loadScriptOnce } from "../payments/load-script.ts";
import { SCHEDULING_CHUNK_FILE, type SchedulingChunk } from "../ui/scheduling/scheduling-chunk-contract.ts";
import { chunkUrl } from "./chunk-url.ts";
import { registeredSchedulingChunk } from "./shared-registry.ts";

/** The scheduling chunk, when its script has already run on this page. */
export const loadedSchedulingChunk = registeredSchedulingChunk;

export async function loadSchedulingChunk(url: string = chunkUrl(SCHEDULING_CHUNK_FILE)): Promise<SchedulingChunk> {
  await loadScriptOnce(url, () => loadedSchedulingChunk() !== undefined);
  return loadedSchedulingChunk()!;
}
