// Exact decimal arithmetic for the pricing engine: a JSON number is read through its shortest
// decimal string (the digits the backend actually sent), and every division rounds in integers.

/** A non-negative or negative rational number, numerator / denominator, denominator > 0. */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * The exact value of the decimal string JavaScript prints for `value` (0.1 + 0.2 is
 * 0.30000000000000004, 1.005 is 1.005): multiplying the float instead would turn 1.005 × 100
 * into 100.49999999999999.
 */
export function readDecimal(value: number): Ratio {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const match = DECIMAL.exec(String(Math.abs(value)));
  if (!match) throw new RangeError(`unreadable amount: ${value}`);
  const [, whole = "0", fraction = "", exponent = "0"] = match;
  const shift = Number(exponent) - fraction.length;
  const digits = BigInt(whole + fraction) * (value < 0 ? -1n : 1n);
  return shift >= 0
    ? { numerator: digits * 10n ** BigInt(shift), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-shift) };
}

/** numerator / denominator rounded half-up: ties go away from zero (2.5 → 3, -2.5 → -3). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const magnitude = (2n * (numerator < 0n ? -numerator : numerator) + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}

/** numerator / denominator rounded down (towards minus infinity). */
export function divideFloor(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const quotient = numerator / denominator;
  return numerator < 0n && quotient * denominator !== numerator ? quotient - 1n : quotient;
}

/** `value` × 10^decimals, rounded half-up to an integer: 7.25 % at 4 decimals is 72500n. */
export function scaleDecimal(value: number, decimals: number): bigint {
  const { numerator, denominator } = readDecimal(value);
  return divideHalfUp(numerator * 10n ** BigInt(decimals), denominator);
}

/** A bigint amount back to a number, refusing anything a float could not hold exactly. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`amount too large to be exact: ${value}`);
  }
  return Number(value);
}

const DECIMAL_STRING = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The exact sum of decimal strings as stored for amounts ("45.50" + "10.125" = "55.625"), with
 * as many decimals as the most precise one; "0" for none. Never through a float.
 */
export function sumDecimalStrings(values: readonly string[]): string {
  const parsed = values.map((value) => {
    const match = DECIMAL_STRING.exec(value.trim());
    if (!match) throw new RangeError(`not a decimal amount: ${value}`);
    const [, sign = "", whole = "0", fraction = ""] = match;
    return { sign, whole, fraction };
  });
  const scale = Math.max(0, ...parsed.map((p) => p.fraction.length));
  const total = parsed.reduce((sum, p) => sum + BigInt(p.whole + p.fraction.padEnd(scale, "0")) * (p.sign === "-" ? -1n : 1n), 0n);
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return total < 0n ? `-${text}` : text;
}
