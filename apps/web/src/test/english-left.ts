// for specs of a screen in another language: which of its English words it still shows

type Catalogue = { [key: string]: string | Catalogue };

const NAMING_ATTRIBUTES = [
  'aria-label',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
];

/**
 * what a person reads or hears on the page, a line each: its texts, its elements' names and hints, the
 * document's title
 */
export function shownTexts(root: HTMLElement = document.body): string {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue ?? '');
  const named = [...root.querySelectorAll('*')].flatMap((element) =>
    NAMING_ATTRIBUTES.map((attribute) => element.getAttribute(attribute) ?? ''),
  );
  return [...texts, ...named, document.title].join('\n');
}

function flatten(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/** whether the text is shown as words of its own, not inside a longer word ("Label" in "ctaLabel") */
function showsWords(shown: string, text: string): boolean {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(shown);
}

/**
 * the English texts of a catalogue that are shown although the translation says them otherwise (texts
 * with a placeholder are left out: the spec looks for what they became). `ignored` names texts that
 * are another part's words (a shared component's own) which happen to be this catalogue's too.
 */
export function englishLeft(
  english: object,
  translated: object,
  shown = shownTexts(),
  ignored: readonly string[] = [],
): string[] {
  const other = new Map(flatten(translated as Catalogue));
  // a word the language also says, for another key ('Contact' in French), is not English left over
  const said = new Set([...other.values(), ...ignored]);
  return flatten(english as Catalogue)
    .filter(([, text]) => !text.includes('{{') && !said.has(text))
    .filter(([, text]) => showsWords(shown, text))
    .map(([key, text]) => `${key}: ${text}`);
}
