// ServMan's chapter as its chunk hands it over (src/lazy/servman-chunk.ts registers this), and
// as the tests run it. The widget bundle never imports this file: only servman-chapter.ts's
// types and file name.
import { fetchOpenDays } from "../../api/servman-availability.ts";
import { servmanKinds } from "../../flow/inputs/servman-kinds.ts";
import { servmanGuards } from "../../flow/servman-guards.ts";
import { servmanSteps } from "../../flow/steps/servman.ts";
import { servman as words } from "../../i18n/en/servman.ts";
import type { ServmanChapter } from "./servman-chapter.ts";
import { servmanTasks } from "./servman.ts";

export const servmanChapter: ServmanChapter = {
  steps: servmanSteps,
  guards: servmanGuards,
  inputs: servmanKinds,
  words,
  tasks: servmanTasks,
  openDays: fetchOpenDays,
};
