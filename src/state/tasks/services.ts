// The work behind the program picker (src/flow/steps/services.ts, SPEC §2 step 10): the
// company's programs, loaded once.
import type { ChapterTasks } from "./task-deps.ts";

export const servicesTasks = {
  async loadPrograms(_answers, { session }) {
    await session.loadPrograms();
    return { value: "done" };
  },
} satisfies ChapterTasks<"loadPrograms">;
