// The pieces every language's conversation table is made of: what a message is given (the
// company's configuration and the visitor's answers) and the helpers each table shares.
import type { CompanyConfig } from "../config/company-config.ts";
import type { MessageTable } from "../i18n/en/conversation.ts";
import type { ServmanTable } from "../i18n/en/servman.ts";
import type { Answers } from "./types.ts";

export interface MessageContext {
  config: CompanyConfig;
  answers: Answers;
  /** The conversation's table in the visitor's language (src/i18n/<lang>/conversation.ts); English when absent. */
  table?: MessageTable | undefined;
  /** ServMan's words in the visitor's language, once its chapter has arrived (src/i18n/<lang>/servman.ts). */
  servman?: ServmanTable | undefined;
}

export type MessageSource = string | ((ctx: MessageContext) => string | null);

export const nonEmpty = (text: string | undefined | null): text is string => !!text && text.trim().length > 0;

/** "1 Main St, Apt 4, Dublin, OH 43017" from the saved address parts. */
export function formatAddress(a: Answers): string {
  const region = [a.customerState, a.customerZip].filter(nonEmpty).join(" ");
  return [a.customerAddress, a.customerUnit, a.customerCity, region].filter(nonEmpty).join(", ");
}

/** The company's own rebuttal for a reason (objectionSteps), in the words it gave. */
export const ownRebuttal = (config: CompanyConfig, reason: string) => config.objectionSteps.find((step) => step.reason === reason)?.rebuttal;
