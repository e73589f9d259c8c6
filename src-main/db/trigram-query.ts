// The FTS5 trigram query of a keyword, shared by the keyword indexes (money's, decision 0014, and the
// contacts' of migration 0010).

/** Trigram's unit is a code point; shorter keywords have no trigram and are matched by a scan. */
const TRIGRAM_LENGTH = 3;

/**
 * The FTS5 query for a lower-cased keyword, or null when it is too short for the trigram index: every
 * trigram of the keyword, each quoted (so FTS syntax in the keyword is plain text), all required. With
 * detail=none FTS5 has no positions, so this is a superset of the rows holding the keyword; instr()
 * then keeps exactly those.
 */
export function trigramQuery(keyword: string): string | null {
  const characters = [...keyword];
  if (characters.length < TRIGRAM_LENGTH) return null;
  const trigrams = new Set<string>();
  for (let start = 0; start + TRIGRAM_LENGTH <= characters.length; start += 1) {
    trigrams.add(characters.slice(start, start + TRIGRAM_LENGTH).join(''));
  }
  return [...trigrams].map((trigram) => `"${trigram.replaceAll('"', '""')}"`).join(' AND ');
}
