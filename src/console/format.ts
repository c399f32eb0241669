import type { Lang } from "./types.ts";

/** A step id as words: "confirmAddress" → "confirm address". */
export const stepName = (stepId: string | null) => (stepId ?? "the start").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ").toLowerCase();

export function formatWhen(iso: string, lang: Lang) {
  return new Intl.DateTimeFormat(lang === "es" ? "es" : "en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
export function formatAmount(amount: { value: string; currency: string }, lang: Lang) {
  try {
    return new Intl.NumberFormat(lang === "es" ? "es" : "en-US", { style: "currency", currency: amount.currency }).format(Number(amount.value));
  } catch {
    return `${amount.value} ${amount.currency}`;
  }
}
