// a screen said in another language: which of its catalogue's English texts are still on it

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * the English texts of `english` found as whole words in `shown` where `translated` says them
 * otherwise: a text with placeholders or markup is sought by its fixed parts (each part of three
 * words or more), and a text the language says the same way ('Passkeys', 'Dashboard') is not sought
 */
export function englishLeft(shown: string, english: object, translated: object): string[] {
  const theirs = flatten(translated as Catalogue);
  const left: string[] = [];
  for (const [key, text] of flatten(english as Catalogue)) {
    if (theirs.get(key) === text) continue;
    const parts = text
      .split(/{{\s*\w+\s*}}|<\/?\w+>/)
      .map((part) => part.trim())
      .filter((part, _, all) => all.length === 1 || part.split(/\s+/).length >= 3);
    for (const part of parts) {
      if (part && new RegExp(`(^|[^\\p{L}])${escape(part)}($|[^\\p{L}])`, 'u').test(shown)) {
        left.push(`${key}: ${part}`);
      }
    }
  }
  return left;
}
