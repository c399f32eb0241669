// Static checks of the flow graph, run by the unit tests: every target exists, every step is
// reachable, every step can reach an end, every non-end step has a default transition last,
// every outcome a task step's task declares is routed (and no other), and every message and
// guard a step names exists (the widget's, or ServMan's, which come with its chapter: the tests
// check the whole graph; this file is never in a shipped bundle).
import type { MessageKey } from "../i18n/en/conversation.ts";
import { servman as servmanWords } from "../i18n/en/servman.ts";
import { isWidgetGuardName, type GuardName } from "./guards.ts";
import { isConversationKey, isImageKey } from "./messages.ts";
import { servmanGuards } from "./servman-guards.ts";
import { allTransitions, routeTransitions } from "./routes.ts";
import { isTaskName, TASK_OUTCOMES } from "./tasks.ts";
import type { Route, Step, StepId, StepTable, Transition } from "./types.ts";

/** A task step's own problems: its task exists, each declared outcome is routed, each route ends in a default. */
function checkTaskRoutes(id: StepId, step: Step): string[] {
  if (step.task === undefined) return [];
  if (!isTaskName(step.task)) return [`${id} runs missing task ${String(step.task)}`];
  const problems: string[] = [];
  const declared: readonly string[] = TASK_OUTCOMES[step.task];
  const routes: Partial<Record<string, Route>> = step.on ?? {};
  for (const outcome of declared) {
    const route = routes[outcome];
    if (route === undefined) problems.push(`${id} does not route outcome ${outcome} of ${step.task}`);
    else if (routeTransitions(route).at(-1)?.if !== undefined || routeTransitions(route).length === 0) {
      problems.push(`${id} has no default transition last for outcome ${outcome}`);
    }
  }
  for (const outcome of Object.keys(routes)) {
    if (!declared.includes(outcome)) problems.push(`${id} routes ${outcome}, which ${step.task} never answers`);
  }
  if ("next" in step && step.next !== undefined) problems.push(`${id} runs a task but has next instead of on`);
  return problems;
}

const isGuardName = (name: string): name is GuardName => isWidgetGuardName(name) || Object.hasOwn(servmanGuards, name);
const isMessageKey = (key: string): key is MessageKey => isConversationKey(key) || Object.hasOwn(servmanWords, key);

export function checkFlowGraph(table: StepTable, first: StepId): string[] {
  const problems: string[] = [];
  if (!table[first]) problems.push(`first step ${first} does not exist`);

  const next = (step: Step): Transition[] => allTransitions(step);
  for (const [id, step] of Object.entries(table)) {
    for (const t of next(step)) {
      if (!table[t.to]) problems.push(`${id} goes to missing step ${t.to}`);
      if (t.if && !isGuardName(t.if)) problems.push(`${id} names missing guard ${t.if}`);
    }
    problems.push(...checkTaskRoutes(id, step));
    const last = step.task === undefined ? step.next.at(-1) : undefined;
    if (last?.if) problems.push(`${id} has no default transition last`);
    for (const key of step.say ?? []) {
      if (!isMessageKey(key)) problems.push(`${id} says missing message ${key}`);
    }
    const buttons = step.input?.kind === "buttons" ? step.input.options : [];
    for (const option of buttons) {
      // A hidden option is never shown: without a label it leaves no visitor bubble either.
      if (option.label === undefined ? !option.text && !option.hidden : !isMessageKey(option.label)) {
        problems.push(`${id} labels a button with missing message ${option.label ?? "(none)"}`);
      }
      if (option.if && !isGuardName(option.if)) problems.push(`${id} names missing guard ${option.if}`);
    }
    if (step.input?.kind === "buttons" && buttons.every((o) => o.if || o.hidden)) {
      problems.push(`${id} may show no button at all`);
    }
    if (step.input && step.input.kind !== "number" && "label" in step.input && !isMessageKey(step.input.label)) {
      problems.push(`${id} labels its input with missing message ${step.input.label}`);
    }
    if (step.skipIf && !isGuardName(step.skipIf)) problems.push(`${id} names missing guard ${step.skipIf}`);
    for (const key of step.images ?? []) {
      if (!isImageKey(key)) problems.push(`${id} shows missing image ${key}`);
    }
    if (step.input && step.task) problems.push(`${id} has both an input and a task`);
  }

  const reachable = new Set<StepId>();
  const queue = [first];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (reachable.has(id) || !table[id]) continue;
    reachable.add(id);
    for (const t of next(table[id])) queue.push(t.to);
  }
  for (const id of Object.keys(table)) {
    if (!reachable.has(id)) problems.push(`${id} is unreachable from ${first}`);
  }

  // Backwards from the ends: a step that cannot reach an end traps the visitor.
  const canEnd = new Set(Object.keys(table).filter((id) => next(table[id]!).length === 0));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, step] of Object.entries(table)) {
      if (!canEnd.has(id) && next(step).some((t) => canEnd.has(t.to))) {
        canEnd.add(id);
        grew = true;
      }
    }
  }
  for (const id of Object.keys(table)) {
    if (!canEnd.has(id)) problems.push(`${id} can never reach an end`);
  }
  return problems;
}
