// Where a step goes next, as ordered transitions: a plain step's `next`, or the route its
// task's outcome names in `on` (a step id is a transition without a guard).
import type { Route, Step, Transition } from "./types.ts";

export function routeTransitions(route: Route): Transition[] {
  return typeof route === "string" ? [{ to: route }] : route;
}

/** The transitions to choose from after `outcome` (a task step's), or after any answer. */
export function transitionsOf(step: Step, outcome?: string): Transition[] {
  if (step.task === undefined) return step.next;
  const routes: Partial<Record<string, Route>> = step.on;
  const route = outcome === undefined ? undefined : routes[outcome];
  return route === undefined ? [] : routeTransitions(route);
}

/** Every transition a step may take, whatever the answer (for the graph check). */
export function allTransitions(step: Step): Transition[] {
  if (step.task === undefined) return step.next;
  return Object.values<Route>(step.on).flatMap(routeTransitions);
}
