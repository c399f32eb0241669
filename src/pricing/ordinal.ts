// English ordinals for offer texts (SPEC §9: 'for the Nth application').

/** 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd", 111 → "111th". */
export function ordinal(n: number): string {
  const lastTwo = Math.abs(n) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ["th", "st", "nd", "rd"][Math.abs(n) % 10] ?? "th";
  return `${n}${suffix}`;
}
