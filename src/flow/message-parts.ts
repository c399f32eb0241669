// The pieces every language's conversation table is made of: what a message is given (the
// company's configuration and the visitor's answers) and the helpers each table shares. The
// tables themselves are not named here (./messages.ts's MessageContext carries them): they are
// made of these pieces.
import type { CompanyConfig } from "../config/company-config.ts";
import type { Answers } from "./answer-keys.ts";

/** What a message of a table is given. */
export interface MessageInput {
  config: CompanyConfig;
  answers: Answers;
}

export type MessageSource = string | ((ctx: MessageInput) => string | null);

export const nonEmpty = (text: string | undefined | null): text is string => !!text && text.trim().length > 0;

/** "1 Main St, Apt 4, Dublin, OH 43017" from the saved address parts. */
export function formatAddress(a: Answers): string {
  const region = [a.customerState, a.customerZip].filter(nonEmpty).join(" ");
  return [a.customerAddress, a.customerUnit, a.customerCity, region].filter(nonEmpty).join(", ");
}

/** The company's own rebuttal for a reason (objectionSteps), in the words it gave. */
export const ownRebuttal = (config: CompanyConfig, reason: string) => config.objectionSteps.find((step) => step.reason === reason)?.rebuttal;
