// What one kind of input does in the flow: `resolve` turns a step's input spec into what the
// view shows (words formatted, options filtered, limits known), `accept` checks an answer to
// it and says what is saved. One module per kind (this folder); the view of each kind is in
// src/ui/inputs/. The engine only looks a kind up in ./index.ts.
import { answerAt } from "../answer-keys.ts";

// The types live with the steps' (../types.ts): a late chapter carries its input kinds.
export type { Accepted, AcceptContext, InputKind, InputKindName, LateKindName, ResolveContext, ResolvedOf, SpecOf, WidgetKindName } from "../types.ts";

/** The answer saved under the step's variable, when it has one, of that variable's kind. */
export const savedAs = answerAt;
