import { copyHandleCandidates, suggestHandle } from './handles';

describe('suggestHandle', () => {
  it('turns a name into a handle', () => {
    expect(suggestHandle('Max Feather')).toBe('max-feather');
    expect(suggestHandle('  Zoë Ångström 🚀 ')).toBe('zoe-angstrom');
    expect(suggestHandle('Straße & Co.')).toBe('strasse-co');
    expect(suggestHandle('@ada_lovelace')).toBe('ada-lovelace');
  });
  it('keeps to the longest handle without a dash at the end', () => {
    const handle = suggestHandle('Hubert Blaine Wolfeschlegelsteinhausen Senior');
    expect(handle.length).toBeLessThanOrEqual(32);
    expect(handle).toBe('hubert-blaine-wolfeschlegelstein');
    expect(suggestHandle('abcdefghij abcdefghij abcdefghij x')).toBe('abcdefghij-abcdefghij-abcdefghij');
  });
  it('is empty when nothing usable is left', () => {
    expect(suggestHandle('🦄 !!')).toBe('');
  });
});

describe('copyHandleCandidates', () => {
  const first = (handle: string, count: number) => {
    const out: string[] = [];
    for (const candidate of copyHandleCandidates(handle)) {
      out.push(candidate);
      if (out.length === count) break;
    }
    return out;
  };
  it('numbers a copy from 2, and goes on from a number the handle already has', () => {
    expect(first('ada', 3)).toEqual(['ada-2', 'ada-3', 'ada-4']);
    expect(first('ada-2', 2)).toEqual(['ada-3', 'ada-4']);
    expect(first('ada-17', 1)).toEqual(['ada-18']);
    expect(first('team-2024', 1)).toEqual(['team-2024-2']);
    expect(first('ada-1', 1)).toEqual(['ada-1-2']);
    expect(first('ada-07', 1)).toEqual(['ada-07-2']);
    expect(first('ada-lovelace', 1)).toEqual(['ada-lovelace-2']);
  });
  it('cuts the base so each candidate is a valid handle of at most 32 characters', () => {
    const long = 'abcdefghij-abcdefghij-abcdefghij';
    const candidates = first(long, 12);
    expect(candidates[0]).toBe('abcdefghij-abcdefghij-abcdefgh-2');
    expect(candidates[11]).toBe('abcdefghij-abcdefghij-abcdefg-13');
    for (const candidate of candidates) {
      expect(candidate.length).toBeLessThanOrEqual(32);
      expect(candidate).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    // a cut that ends on a dash drops it
    expect(first('abcdefghij-abcdefghij-abcdefg-yz', 1)).toEqual(['abcdefghij-abcdefghij-abcdefg-2']);
  });
});
