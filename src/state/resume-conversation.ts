// The way back to a started quote (issue 14 §5, issue 12): the widget saves the conversation to
// the server with the quote's token, and on reopen (this device) or from a resume link (any
// device, `?qa_resume=`) asks POST /v1/quote/resume for it: the transcript, the answers the
// device does not keep, whether the quote was paid, and a token for this device. A link the
// server refuses says so and a new conversation begins; a saved quote the server does not know
// ends in 'Start over'. Never another household's data: the server answers only to the token.
import type { ApiClient } from "../api/client.ts";
import { answersFromWire, answersToWire } from "../flow/answer-keys.ts";
import type { ResumeAnswer } from "../contract/quote-resume.ts";
import { toJsonText } from "../json/stringify-json.ts";
import type { Restored } from "./conversation.ts";
import type { SavedData } from "./saved-conversation.ts";

export const LINK_REFUSED = "This quote link has expired or is not valid, so let's start a new quote.";
export const QUOTE_UNKNOWN = "I couldn't find your saved quote. Please start over.";

/** The URL parameter of resume links. */
const PARAM = "qa_resume";

/** The resume link's token in the page's address, taken out of the address bar (it is a capability). */
export function takeResumeToken(): string | null {
  try {
    const url = new URL(location.href);
    const token = url.searchParams.get(PARAM);
    url.searchParams.delete(PARAM);
    if (token) history.replaceState(history.state, "", url.href);
    return token;
  } catch {
    return null;
  }
}

/** Browsers refuse a keepalive body over 64 KiB: at most 3 bytes a character keeps under it. */
export const KEEPALIVE_CHARS = 20_000;

/**
 * Saves the conversation with the quote's token; what the server keeps is bounded (docs/api.md).
 * Kept alive: a page closed (or a resume link opened) right after the last message still leaves
 * the server that message.
 */
export const saveToServer = (api: ApiClient, companyId: string) => (data: SavedData) => {
  const { quoteId, quoteToken } = data.flow.answers;
  // The measuring tool's picture and outline stay with the quote's estimate (the server drops the token).
  const { measurItImage: _picture, measurOutline: _outline, ...answers } = answersToWire(data.flow.answers);
  const json = { companyId, quoteId, quoteToken, conversation: { flow: { ...data.flow, answers }, transcript: data.transcript } };
  return api.post("v1/quote/conversation", { json, keepalive: toJsonText(json).length < KEEPALIVE_CHARS });
};

/** The server's conversation for a link or this device's saved quote; undefined when there is none to ask for. */
export function restoreConversation(
  api: ApiClient,
  companyId: string,
  local: SavedData | null,
  resumeToken: string | null,
  paid: (answer: ResumeAnswer) => void,
): Promise<Restored> | undefined {
  const saved = local?.flow.answers;
  const json = resumeToken ? { resumeToken } : saved?.quoteId && saved.quoteToken ? { companyId, quoteId: saved.quoteId, quoteToken: saved.quoteToken } : null;
  if (!json) return undefined;
  return api.post("v1/quote/resume", { json, throwHttpErrors: false }).then(async (response): Promise<Restored> => {
    const answer = response.ok ? ((await response.json()) as ResumeAnswer) : null;
    const conversation = answer?.companyId === companyId ? answer.conversation : null;
    if (!answer || !conversation) {
      // Offline or the server failing: the device's own copy, as far as it goes.
      if (response.status >= 500 && local) throw new Error(`resume failed with HTTP ${response.status}`);
      return resumeToken ? { notice: LINK_REFUSED } : { notice: QUOTE_UNKNOWN, ...(local ? { flow: local.flow } : {}) };
    }
    const kept = answersFromWire(conversation.flow.answers);
    const flow = resumeToken || !local ? { ...conversation.flow, answers: kept } : { ...local.flow, answers: { ...kept, ...saved } };
    flow.answers = { ...flow.answers, quoteId: answer.quoteId, quoteToken: answer.quoteToken };
    if (answer.sale && !flow.answers.saleTransactionId) {
      // Paid while the tab was closed: the chat waits at the quote, and the sale completes it.
      flow.stepId = "quoteOpen";
      flow.answers.saleServices = answer.sale.serviceTypes.join(", ");
      paid(answer);
    }
    // A save the server never got (a reload right after an answer): the tab's newer transcript.
    const unsent = !resumeToken && local?.transcript.length ? local.transcript : null;
    return { flow, transcript: unsent ?? conversation.transcript };
  });
}
