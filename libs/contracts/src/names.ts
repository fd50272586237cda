// what in a display name is a name: the vCard's structured name and the avatars' initials both read it.

/** a part in brackets, like "(side project)" or "[she/her]": a note beside the name, not a name */
const BRACKETED = /\([^()]*\)|\[[^[\]]*\]|\{[^{}]*\}/g;
/** a bracket opened and never closed: the rest of the name is the note */
const UNCLOSED = /[([{][^)\]}]*$/;
/** emoji and the characters that join, tint or vary them; digits and # are emoji components too, so not those */
const PICTOGRAPHIC =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3|[\u{e0020}-\u{e007f}]/gu;
/** a word that is a name has a letter in it */
const LETTER = /\p{L}/u;

/** the words of a display name that are names: without emoji, bracketed notes or stray punctuation */
export function nameWords(displayName: string): string[] {
  let text = displayName;
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(BRACKETED, ' ');
  }
  return text
    .replace(UNCLOSED, ' ')
    .replace(PICTOGRAPHIC, '')
    .split(/\s+/)
    .filter((word) => LETTER.test(word));
}

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter() : null;

/** the first user-perceived character of a word (a letter with its accents), never half a surrogate pair */
function firstGrapheme(word: string): string {
  if (segmenter) {
    for (const { segment } of segmenter.segment(word)) return segment;
  }
  return Array.from(word)[0] ?? '';
}

/** initials: the first letters of the first and last name words ("Zoë Ångström 🚀" is "ZÅ"); "?" when none */
export function initialsOf(name: string | null | undefined): string {
  const words = nameWords(name ?? '').map((word) => word.slice(word.search(/\p{L}/u)));
  if (words.length === 0) return '?';
  const first = firstGrapheme(words[0]);
  const last = words.length > 1 ? firstGrapheme(words[words.length - 1]) : '';
  return (first + last).toUpperCase();
}
