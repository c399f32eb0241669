// What the flow reads from one element's store: the context its steps see (the configuration,
// the customer, the programs, the language pack, the page's source) and the step graph, built
// once the configuration is known and rebuilt when a late chapter (ServMan's) has arrived.
import { buildSteps, type LateChapters } from "../flow/flow-graph.ts";
import type { FlowContext, StepTable } from "../flow/types.ts";
import { configAtom, customerAtom, languageAtom, queryFlagsAtom } from "./atoms.ts";
import type { Store } from "./atoms.ts";
import type { ConversationDeps } from "./conversation-deps.ts";
import { programTypesAtom } from "./quote-atoms.ts";

export interface ConversationContext {
  /** The steps' context now; null before the configuration has loaded. */
  context(): FlowContext | null;
  /** The graph as of the latest context(); throws if the flow ran before the configuration loaded. */
  graph(): StepTable;
}

export function createConversationContext(store: Store, deps: Pick<ConversationDeps, "table" | "late">): ConversationContext {
  // The graph depends on the company's own questions: built once the configuration is known.
  let built: StepTable | undefined = deps.table;
  /** The late chapter the graph was built with: a chapter that arrives since rebuilds it. */
  let builtWith: LateChapters["servman"];
  return {
    context() {
      const config = store.get(configAtom);
      if (!config) return null;
      const late = deps.late?.() ?? {};
      if (!deps.table && (!built || late.servman !== builtWith)) {
        built = buildSteps(config, late);
        builtWith = late.servman;
      }
      const source = store.get(queryFlagsAtom)?.source;
      return { config, customer: store.get(customerAtom), programs: store.get(programTypesAtom), pack: store.get(languageAtom) ?? undefined, late, ...(source ? { source } : {}) };
    },
    graph() {
      if (!built) throw new Error("the flow ran before the configuration loaded");
      return built;
    },
  };
}
