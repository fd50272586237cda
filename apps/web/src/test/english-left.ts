type Catalogue = { [key: string]: string | Catalogue };

function leaves(catalogue: Catalogue): string[] {
  return Object.values(catalogue).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asWord = (text: string) => new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, 'u');

/**
 * what a screen says, a line a piece: its texts (apart: "Geographic DistributionNo data" would hide
 * both), and the names and hints its elements carry for assistive technology
 */
function screenWords(root: HTMLElement): string {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  const attributes = ['aria-label', 'title', 'placeholder', 'alt'];
  const named = [...root.querySelectorAll('*')].flatMap((element) =>
    attributes.map((name) => element.getAttribute(name)).filter((value): value is string => Boolean(value)),
  );
  return [...texts, ...named, document.title].join('\n');
}

/**
 * the English texts of a namespace a screen still shows although the language says them otherwise:
 * each English text, or each of its words between {{placeholders}} and <tags> (four letters or more),
 * looked for as a whole; a text the language writes the same way (Browser, Tablet) does not count
 */
export function englishLeft(english: Catalogue, translated: Catalogue, root: HTMLElement = document.body) {
  const said = screenWords(root);
  const theirs = leaves(translated);
  const fragments = new Set(
    leaves(english).flatMap((text) =>
      text
        .split(/{{\s*\w+\s*}}|<\/?\w+\s*\/?>/)
        .map((part) => part.replace(/^[\s:,.·()–-]+|[\s:,.·()–-]+$/g, ''))
        .filter((part) => /\p{L}{4}/u.test(part)),
    ),
  );
  return [...fragments].filter(
    (fragment) => asWord(fragment).test(said) && !theirs.some((text) => asWord(fragment).test(text)),
  );
}
