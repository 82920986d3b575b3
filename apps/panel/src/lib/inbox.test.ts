import { describe, expect, it } from 'vitest';
import { mailtoLink, unreadCount } from './inbox.ts';

describe('inbox', () => {
  it('replies to the sender with the subject encoded', () => {
    expect(mailtoLink('ewa@gazeta.example.pl', 'Odp.: wniosek o akredytację – Mecz z Rywalem')).toBe(
      'mailto:ewa@gazeta.example.pl?subject=Odp.%3A%20wniosek%20o%20akredytacj%C4%99%20%E2%80%93%20Mecz%20z%20Rywalem',
    );
  });

  it('keeps an address from adding parameters of its own', () => {
    const link = mailtoLink('a?cc=x@y.pl&bcc=z@y.pl', 'Temat');
    expect(link).toBe('mailto:a%3Fcc%3Dx@y.pl%26bcc%3Dz@y.pl?subject=Temat');
    expect(new URL(link).searchParams.get('cc')).toBeNull();
  });

  it('counts unread items of both kinds', () => {
    expect(unreadCount({ Wiadomosci: { Nieprzeczytane: 2 }, Akredytacje: { Nieprzeczytane: 1 } })).toBe(3);
  });
});
