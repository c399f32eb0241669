// How a conversation starts: the saved one resumes at its step (the server's copy asked for
// first, and the data its steps need prepared), a notice is said where the server has none,
// and otherwise, or when what was saved cannot be resumed, a new one begins at its first step.
import { resumeFlow, startFlow } from "../flow/engine.ts";
import { FIRST_STEP } from "../flow/flow-graph.ts";
import { prefillAnswers } from "../flow/prefill.ts";
import type { FlowContext } from "../flow/types.ts";
import { endedAtom, flowStateAtom, transcriptAtom } from "./atoms.ts";
import type { ConversationContext } from "./conversation-context.ts";
import type { ConversationEffects } from "./conversation-effects.ts";
import type { ConversationRecord } from "./conversation-record.ts";
import type { Store } from "./atoms.ts";
import type { ConversationDeps } from "./conversation-deps.ts";
import type { Restored } from "./saved-conversation.ts";

/** Starts the conversation, its configuration known (`ctx`): resumed if one was saved, else anew. */
export function startConversation(
  store: Store,
  deps: Pick<ConversationDeps, "saved" | "prepare" | "restore" | "first">,
  { context, graph }: ConversationContext,
  { append, show }: ConversationRecord,
  { apply, beginConversation, waitFor }: ConversationEffects,
  ctx: FlowContext,
): void {
  const first = deps.first ?? FIRST_STEP;
  const local = deps.saved?.load() ?? null;
  // The server's copy (the transcript, the personal answers), or why there is none.
  const restoring = deps.restore?.(local);
  const startAnew = () => {
    const fresh = context() ?? ctx;
    const table = graph();
    const prefilled = prefillAnswers(fresh.customer);
    beginConversation(first === FIRST_STEP, prefilled.phonenumber);
    apply(startFlow(table, first, fresh, prefilled), fresh);
  };
  const begin = (restored: Restored | null | undefined) => {
    // Read now: a late chapter the preparation waited for (ServMan's) is part of it.
    const fresh = context() ?? ctx;
    const table = graph();
    if (restored && "notice" in restored) {
      append({ from: "bot", text: restored.notice });
      // A saved quote the server does not know: the answers stay, and the chat ends in 'Start over'.
      if (restored.flow) {
        deps.saved?.clear();
        store.set(flowStateAtom, restored.flow);
        store.set(endedAtom, true);
        return;
      }
      return startAnew();
    }
    const data = restored ?? local;
    if (data && table[data.flow.stepId]) {
      show(data.transcript);
      apply(resumeFlow(table, data.flow, fresh, data.transcript.map((e) => (e.from === "bot" ? e.text : null))), fresh, true);
      return;
    }
    startAnew();
  };
  // Only a resumed conversation waits for the data: a new one starts at the greeting.
  if (restoring || (local && deps.prepare)) {
    waitFor(
      Promise.all([deps.prepare?.().catch((error: unknown) => console.error("[quote-assistant] preparing the conversation failed", error)), restoring])
        .then(([, restored]) => begin(restored))
        // A saved conversation this version cannot resume: forgotten, and a new one begins,
        // rather than a rejection nobody handles.
        .catch((error: unknown) => {
          console.error("[quote-assistant] the saved conversation could not be resumed; starting anew", error);
          deps.saved?.clear();
          store.set(transcriptAtom, []);
          startAnew();
        }),
    );
    return;
  }
  begin(null);
}
