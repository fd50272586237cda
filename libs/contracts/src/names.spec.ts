import { initialsOf, nameWords } from './names';

describe('nameWords', () => {
  it('keeps the words with a letter and drops emoji and bracketed notes', () => {
    expect(nameWords('Zoë Ångström 🚀')).toEqual(['Zoë', 'Ångström']);
    expect(nameWords('Maxi (side project) 🦄')).toEqual(['Maxi']);
    expect(nameWords('Ada👩‍💻 Lovelace')).toEqual(['Ada', 'Lovelace']);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last name words', () => {
    expect(initialsOf('Grace Brewster Hopper')).toBe('GH');
    expect(initialsOf('cher')).toBe('C');
  });
  it('never returns half a surrogate pair for a name with emoji', () => {
    const initials = initialsOf('Zoë Ångström 🚀');
    expect(initials).toBe('ZÅ');
    expect(initialsOf('🚀 Zoë')).toBe('Z');
  });
  it('keeps a letter with its combining accent whole', () => {
    // "Å" written as A and a combining ring above
    expect(initialsOf('A\u030Asa Berg')).toBe('A\u030AB');
  });
  it('takes letters, not punctuation, from a word', () => {
    expect(initialsOf('"Ada" Lovelace')).toBe('AL');
  });
  it('is a question mark when there is no name word', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('🦄')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
  it('reads letters from any script', () => {
    expect(initialsOf('Лев Толстой')).toBe('ЛТ');
    expect(initialsOf('𝒜da Byron')).toBe('𝒜B');
  });
});
