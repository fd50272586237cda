import { suggestHandle } from './handles';

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
