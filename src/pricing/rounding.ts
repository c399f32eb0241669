// Rule 1 (SPEC §9 'prices rounded to 2 decimals, Swiss franc 0.05'): every computed amount is
// rounded half-up to the currency's step in minor units (1 cent; 5 rappen for CHF). Amounts
// are integers, so sums of rounded amounts stay exact, and rounding an amount already on the
// step returns it unchanged (idempotent).
import { divideFloor, divideHalfUp, toSafeNumber } from "./decimal.ts";
import type { Money } from "./types.ts";

/** numerator / denominator minor units, rounded half-up to a multiple of `step`. */
export function roundRatioToStep(numerator: bigint, denominator: bigint, step: number): Money {
  const size = BigInt(step);
  return toSafeNumber(divideHalfUp(numerator, denominator * size) * size);
}

/** numerator / denominator minor units, rounded down to a multiple of `step`. */
export function floorRatioToStep(numerator: bigint, denominator: bigint, step: number): Money {
  const size = BigInt(step);
  return toSafeNumber(divideFloor(numerator, denominator * size) * size);
}

/** Percentages are carried as integers of ten-thousandths of a percent (7.25 % = 72_500n). */
export const PERCENT_SCALE = 10_000n;
const WHOLE = 100n * PERCENT_SCALE;

/** `percent` (ten-thousandths of a percent) of `amount`, rounded to the step. */
export function percentOf(amount: Money, percent: bigint, step: number): Money {
  return roundRatioToStep(BigInt(amount) * percent, WHOLE, step);
}

/** The exact sum of rounded amounts (integers, so no float error can creep in). */
export function sumMoney(amounts: readonly Money[]): Money {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (!Number.isSafeInteger(total)) throw new RangeError(`sum too large to be exact: ${total}`);
  return total;
}
