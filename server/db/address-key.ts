// One address, one key: the previous-quote check and quote reuse compare street and postal
// code regardless of case and spacing ("12 Oak  St", "43017" = "12 oak st", " 43017 ").
export function addressKey(street: string, postalCode: string): string {
  const normalisedStreet = street.trim().replace(/\s+/g, " ").toLowerCase();
  const normalisedPostalCode = postalCode.replace(/\s+/g, "").toLowerCase();
  return `${normalisedStreet}|${normalisedPostalCode}`;
}
