import { tagKey } from '@cardcraft/contracts';

// what both adapters keep beside a lead so its filters read the same on each: the text search is a
// plain substring of one lower-cased field (no pattern language, so nothing a visitor or owner types
// can act as a wildcard), and a tag is matched by its key

/** the fields the text search looks in, lower-cased the way the query is (javascript's, not sqlite's) */
export function leadSearchText(lead: {
  email: string;
  name: string | null;
  company: string | null;
  message: string | null;
  note: string | null;
}): string {
  return [lead.email, lead.name, lead.company, lead.message, lead.note]
    .filter((part): part is string => part !== null && part !== '')
    .join('\n')
    .toLowerCase();
}

/** what the text search looks for, lower-cased as the stored text is */
export function searchNeedle(text: string): string {
  return text.toLowerCase();
}

export function tagKeys(tags: readonly string[]): string[] {
  return tags.map(tagKey);
}

/** the distinct tags by key, the first spelling kept, in the order of their names */
export function distinctTags(tags: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const tag of tags) if (!byKey.has(tagKey(tag))) byKey.set(tagKey(tag), tag);
  return [...byKey.values()].sort((a, b) => tagKey(a).localeCompare(tagKey(b)));
}
