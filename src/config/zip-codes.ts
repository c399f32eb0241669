// SPEC §5: a zip is serviced when it contains any listed zip (case-insensitive; a listed
// prefix such as "SW4" covers "SW4 7AA") or when the list holds null / 'null' (any zip).
const normalise = (zip: string) => zip.replace(/\s+/g, "").toUpperCase();

export function isZipServiced(zip: string | undefined, zipCodes: ReadonlyArray<string | null>): boolean {
  // A company that lists nothing has not limited its area.
  if (zipCodes.length === 0) return true;
  if (zipCodes.some((listed) => listed === null || listed.trim().toLowerCase() === "null")) return true;
  if (!zip) return false;
  const visitor = normalise(zip);
  return zipCodes.some((listed) => {
    const code = normalise(listed ?? "");
    return code.length > 0 && visitor.includes(code);
  });
}

/**
 * SPEC §5: zips in dontTaxZipCodes get zero tax, matched the way the service area matches
 * (case-insensitive containment, so a listed "43082" covers the ZIP+4 "43082-1234" and a listed
 * "SW13" the postcode "SW13 9AA"). Unlike the service area, a "null" entry exempts nobody:
 * an exemption is never implied.
 */
export function isUntaxedZip(zip: string | undefined, dontTaxZipCodes: readonly string[]): boolean {
  const listed = dontTaxZipCodes.filter((code) => code.trim() !== "" && code.trim().toLowerCase() !== "null");
  return !!zip && listed.length > 0 && isZipServiced(zip, listed);
}
