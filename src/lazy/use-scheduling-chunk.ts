// The scheduling chunk (ServMan's calendar) as React state for one element (use-lazy-chunk.ts):
// fetched ahead once a ServMan conversation reaches its ServMan steps, needed now at the
// calendar; its CSS adopted before the calendar first renders; a failure logged and reported.
import type { SchedulingChunk } from "../ui/scheduling/scheduling-chunk-contract.ts";
import { loadedSchedulingChunk, loadSchedulingChunk } from "./load-scheduling-chunk.ts";
import { useLazyChunk, type ChunkWant, type LazyChunkState } from "./use-lazy-chunk.ts";

export function useSchedulingChunk(want: ChunkWant, root: ShadowRoot | null, load: () => Promise<SchedulingChunk> = loadSchedulingChunk): LazyChunkState<SchedulingChunk> {
  return useLazyChunk(want, root, loadedSchedulingChunk, load, "the calendar");
}
