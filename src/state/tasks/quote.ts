// The work behind the quote steps (src/flow/steps/quote.ts, SPEC §2 step 13): the prices, the
// quote modal opened, and what follows a sale (its receipt, the redirect of willRedirect).
import { safeHttpsUrl, type ChapterTasks } from "./task-deps.ts";

/** SPEC §9: the end redirect, 2 s after a sale. */
export const END_REDIRECT_DELAY_MS = 2000;

export const quoteTasks = {
  async calculateQuote(answers, { session }) {
    return { value: await session.calculate(answers) };
  },

  async openQuote(answers, { session }) {
    // After a reload the prices are gone: fetch them again before the modal opens.
    if (!session.hasPrices()) await session.calculate(answers);
    session.openModal();
    return { value: "done" };
  },

  async afterSale(_answers, { session }) {
    session.markConverted();
    return { value: "done", values: session.saleReceipt() };
  },

  async redirectAfterSale(_answers, { config, clock, navigateTop }) {
    const url = config.willRedirect ? safeHttpsUrl(config.redirectUrl) : null;
    if (url) {
      await clock.sleep(END_REDIRECT_DELAY_MS);
      navigateTop(url);
    }
    return { value: "done" };
  },
} satisfies ChapterTasks<"calculateQuote" | "openQuote" | "afterSale" | "redirectAfterSale">;
