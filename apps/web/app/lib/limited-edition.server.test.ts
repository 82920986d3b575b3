import { describe, expect, it } from 'vitest';
import { limitedEditionNote } from './limited-edition.server.ts';

describe('limitedEditionNote', () => {
  it('says the limit and the numbering, and nothing for an ordinary product', () => {
    expect(limitedEditionNote({})).toBeNull();
    expect(limitedEditionNote({ LimitNaOsobe: 2 })).toContain('najwyżej 2 szt.');
    const both = limitedEditionNote({ LimitNaOsobe: 2, EdycjaNumerowana: true })!;
    expect(both).toMatch(/^Edycja numerowana: .* najwyżej 2 szt\./);
  });
});
