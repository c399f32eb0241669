// What a message is given in a conversation: the answers, the company, the words in the
// visitor's language. Apart from ./messages.ts, whose picture names the steps (./types.ts) use.
import type { Answers } from "./answer-keys.ts";
import type { MessageContext } from "./messages.ts";
import type { FlowContext } from "./types.ts";

export const messageContextOf = (answers: Answers, ctx: FlowContext): MessageContext => ({
  config: ctx.config,
  answers,
  table: ctx.pack?.messages,
  servman: ctx.pack?.servman ?? ctx.late?.servman?.words,
});
