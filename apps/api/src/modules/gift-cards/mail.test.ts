import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { giftCardMail } from './mail.ts';

const input = {
  to: 'kupujacy@example.pl',
  clubName: 'MKS <Sokół>',
  storefrontUrl: 'https://sklep.sokol.pl',
  orderNumber: 'ZS/2026/000042',
  cards: [{ code: 'ABCDEFGHJKMNPQRS', amount: 10000, expiresAt: new Date('2027-11-29T12:00:00Z') }],
};

describe('giftCardMail', () => {
  it('gives the code, amount and expiry, how to spend it and check the balance, with the card as a PDF', async () => {
    const m = await giftCardMail(input);
    expect(m.to).toBe('kupujacy@example.pl');
    expect(m.subject).toBe('Karta podarunkowa – zamówienie ZS/2026/000042');
    expect(m.text).toContain(
      'Karta podarunkowa na 100,00\u00a0zł\n==============================\n\nKod karty: ABCD-EFGH-JKMN-PQRS\n\nWażna do: 29.11.2027',
    );
    expect(m.text).toContain('Wpisz kod w koszyku w polu „Karta podarunkowa” na https://sklep.sokol.pl;');
    expect(m.text).toContain('Sprawdź saldo karty:\nhttps://sklep.sokol.pl/karta-podarunkowa');
    expect(m.text).toContain('jest też w załączniku jako plik PDF');
    expect(m.html).toContain('ABCD-EFGH-JKMN-PQRS');
    expect(m.html).toContain('href="https://sklep.sokol.pl/karta-podarunkowa"');
    // The club's name is escaped once, like every value in the shop's e-mails.
    expect(m.html).toContain('MKS &lt;Sokół&gt;');
    expect(m.html).not.toContain('<Sokół>');
    expect(m.forgetBodyOnceSent).toBe(true);
    expect(m.attachments).toHaveLength(1);
    const [pdf] = m.attachments!;
    expect(pdf).toMatchObject({ filename: 'karta-podarunkowa-PQRS.pdf', contentType: 'application/pdf' });
    const { text } = await pdfText(Buffer.from(pdf!.contentBase64, 'base64'));
    expect(text).toContain('ABCD-EFGH-JKMN-PQRS');
    expect(text).toContain('100,00 zł');
    expect(text).toContain('Zamówienie nr ZS/2026/000042');
  });

  it('lists several cards, each with its own PDF named by its end', async () => {
    const m = await giftCardMail({
      ...input,
      cards: [
        ...input.cards,
        { code: '23456789ABCDWXYZ', amount: 5000, expiresAt: new Date('2027-11-29T12:00:00Z') },
        { code: 'ZZZZYYYYXXXXPQRS', amount: 5000, expiresAt: new Date('2027-11-29T12:00:00Z') },
      ],
    });
    expect(m.subject).toBe('Karty podarunkowe – zamówienie ZS/2026/000042');
    expect(m.text).toContain('Oto Twoje karty podarunkowe');
    expect(m.text).toContain('Karta podarunkowa na 50,00\u00a0zł');
    expect(m.text).toContain('Kod karty: 2345-6789-ABCD-WXYZ');
    expect(m.attachments!.map((a) => a.filename)).toEqual([
      'karta-podarunkowa-PQRS.pdf',
      'karta-podarunkowa-WXYZ.pdf',
      'karta-podarunkowa-PQRS-2.pdf',
    ]);
    const third = await pdfText(Buffer.from(m.attachments![2]!.contentBase64, 'base64'));
    expect(third.text).toContain('ZZZZ-YYYY-XXXX-PQRS');
  });
});
