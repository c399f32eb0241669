// How the proposal turns integer minor units into text. The pricing engine's formatMoney
// (src/pricing/currency.ts) fits this shape; the view takes it as a prop so it stays testable.
import type { Money } from "../../pricing/types.ts";

export type FormatMoney = (minor: Money, currencyCode: string) => string;
