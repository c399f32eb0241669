// The work behind the resume steps (src/flow/steps/resume.ts, SPEC §4 'Resume of a previous
// quote'): the earlier quote read back from the server, under what the visitor just said.
import { fetchQuoteDetails } from "../../api/quote-details.ts";
import { answersFromWire } from "../../flow/answer-keys.ts";
import type { Answers } from "../../flow/types.ts";
import { compact, type ChapterTasks } from "./task-deps.ts";

export const resumeTasks = {
  async resumeQuote(answers, { api, companyId, session }) {
    const quoteId = answers.quoteId ?? answers.previousQuoteId;
    if (!quoteId) return { value: "missing" };
    // The quote's own token (docs/api.md): the server answers nothing for a bare id.
    const quoteToken = answers.quoteId ? answers.quoteToken : answers.previousQuoteToken;
    const [quote] = await Promise.all([fetchQuoteDetails(api, companyId, quoteId, quoteToken), session.loadPrograms()]);
    if (!quote) return { value: "missing" };
    // What the visitor just said wins over the earlier quote's answers.
    const earlier: Answers = answersFromWire(quote.answers);
    const lawn = quote.adjustedLotSize ?? (quote.estimate && quote.estimate.estimate > 0 ? quote.estimate.estimate : null);
    return {
      value: "resumed",
      values: compact({
        ...earlier,
        ...answers,
        selectedPrograms:
          answers.selectedPrograms ?? earlier.selectedPrograms ?? (quote.serviceTypes.length ? [...new Set(quote.serviceTypes)] : undefined),
        lawnSize: answers.lawnSize ?? earlier.lawnSize ?? lawn ?? undefined,
        adjustedLotSize: answers.adjustedLotSize ?? quote.adjustedLotSize ?? undefined,
        totalLotSize: answers.totalLotSize ?? (quote.estimate?.estimate || undefined),
        aerialImg: answers.aerialImg ?? quote.estimate?.aerialImg,
        streetImg: answers.streetImg ?? quote.estimate?.streetImg,
        quoteConverted: quote.convertedSale || undefined,
        quoteHadPrices: quote.hasPriceBlocks || undefined,
      }),
    };
  },
} satisfies ChapterTasks<"resumeQuote">;
