// Address search for the widget's search box: every word typed must appear in the label
// (case and accents ignored, so "zurich" finds Zürich), best matches first.
import type { GeomapItem } from "../../src/contract/geomap.ts";

export const MAX_SUGGESTIONS = 8;

/** Lower case, accents stripped, punctuation to spaces: "Zürich," → "zurich". */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

interface Indexed {
  item: GeomapItem;
  folded: string;
  words: readonly string[];
}

/**
 * Ranks: the label starts with the query; then every query word starts a word of the
 * label; then any containment. Ties keep the address book's order, so results are stable.
 */
function rank(entry: Indexed, query: string, queryWords: readonly string[]): number {
  if (entry.folded.startsWith(query)) return 0;
  if (queryWords.every((word) => entry.words.some((labelWord) => labelWord.startsWith(word)))) return 1;
  return 2;
}

export function createAddressSearch(book: readonly GeomapItem[]): (queryTerm: string) => GeomapItem[] {
  const index: Indexed[] = book.map((item) => {
    const folded = fold(item.address.label);
    return { item, folded, words: folded.split(" ") };
  });
  return (queryTerm) => {
    const query = fold(queryTerm);
    if (query === "") return [];
    const queryWords = query.split(" ");
    return index
      .filter((entry) => queryWords.every((word) => entry.folded.includes(word)))
      .map((entry, order) => ({ entry, order, rank: rank(entry, query, queryWords) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .slice(0, MAX_SUGGESTIONS)
      .map(({ entry }) => entry.item);
  };
}
