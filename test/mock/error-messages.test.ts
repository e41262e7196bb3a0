import { describe, expect, it } from 'vitest';
import { readErrorCatalog } from '../../src/errors/error-catalog.ts';
import { hasMessage, messageFor, pickLanguage } from '../../src/errors/messages.ts';
import { loadDocument } from '../../src/spec/document.ts';

describe('error messages (spec 7.1)', () => {
  const codes = [...readErrorCatalog(loadDocument()).keys()];

  it('every code of the catalog read from the document has a message in en, ru and uz', () => {
    expect(codes.length).toBeGreaterThan(40);
    expect(codes.filter((code) => !hasMessage(code))).toEqual([]);
    for (const code of codes)
      expect(new Set(['en', 'ru', 'uz'].map((language) => messageFor(code, language as 'en')))).toHaveProperty('size', 3);
  });

  it('picks the language by the weights of Accept-Language, English by default', () => {
    expect(pickLanguage('de, uz;q=0.8, ru;q=0.9')).toBe('ru');
    expect(pickLanguage('uz-Latn-UZ')).toBe('uz');
    expect(pickLanguage('fr')).toBe('en');
    expect(pickLanguage(null)).toBe('en');
  });
});
