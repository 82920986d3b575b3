import { describe, expect, it } from 'vitest';
import {
  changeEmailMail,
  confirmAccountMail,
  renderMail,
  resetPasswordMail,
  shopFormMail,
} from './templates.ts';

const LINK = 'https://sklep.example.pl/logowanie/abc_DEF-123';
const TO = 'lucja@example.pl';

describe('mail templates', () => {
  it('render a whole message: recipient, subject, text and HTML', () => {
    expect(confirmAccountMail({ to: TO, shopName: 'MKS Sokół', link: LINK })).toEqual({
      to: TO,
      subject: 'Potwierdź założenie konta w sklepie MKS Sokół',
      text: expect.stringContaining(LINK),
      html: expect.stringContaining(`href="${LINK}"`),
    });
    const form = shopFormMail({
      to: 'sklep@example.pl',
      replyTo: 'ala@example.pl',
      shopName: 'MKS Sokół',
      subject: 'Wiadomość\r\nz formularza',
      text: 'Imię: Ala\nTelefon: <600>',
    });
    expect(form).toMatchObject({
      to: 'sklep@example.pl',
      replyTo: 'ala@example.pl',
      subject: 'Wiadomość z formularza',
    });
    expect(form.text).toContain('Imię: Ala\nTelefon: <600>');
    expect(form.html).toContain('Imię: Ala\nTelefon: &lt;600&gt;');
  });

  it('show a code whole on one line, escaped, in both versions', () => {
    const mail = renderMail({
      to: TO,
      shopName: 'MKS Sokół',
      subject: 'Kod',
      heading: 'Kod',
      blocks: [{ kind: 'code', label: 'Kod <karty>', code: 'ABCD-EFGH-JKMN-PQRS' }],
    });
    expect(mail.text).toContain('Kod <karty>: ABCD-EFGH-JKMN-PQRS');
    expect(mail.html).toMatch(
      /Kod &lt;karty&gt;<br><span style="[^"]*white-space:nowrap[^"]*">ABCD-EFGH-JKMN-PQRS<\/span>/,
    );
  });

  it('put the link in both the text and the HTML version', () => {
    for (const mail of [
      confirmAccountMail({ to: TO, shopName: 'MKS Sokół', link: LINK }),
      resetPasswordMail({ to: TO, shopName: 'MKS Sokół', link: LINK }),
      changeEmailMail({ to: TO, shopName: 'MKS Sokół', newEmail: 'nowy@example.pl', link: LINK }),
    ]) {
      expect(mail.subject).toContain('MKS Sokół');
      expect(mail.text).toContain(`\n${LINK}\n`);
      expect(mail.html).toContain(`href="${LINK}"`);
      expect(mail.html).toContain('<html lang="pl">');
      expect(mail.text).toContain('24 godziny');
    }
  });

  it('escape names and shop data in HTML and keep headers on one line', () => {
    const mail = renderMail({
      to: TO,
      shopName: 'Klub <b>"A&B"</b>\r\nBcc: ofiara@example.pl',
      subject: 'Temat\r\nBcc: ofiara@example.pl',
      heading: 'Witaj, <img src=x onerror=alert(1)>!',
      blocks: [],
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Klub &lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    // The text version is plain text: no escaping needed there.
    expect(mail.text).toContain('Witaj, <img src=x onerror=alert(1)>!');
  });

  it('say nothing a stranger typed in mails to an address not proven theirs', () => {
    for (const mail of [
      confirmAccountMail({ to: TO, shopName: 'MKS Sokół', link: LINK }),
      resetPasswordMail({ to: TO, shopName: 'MKS Sokół', link: LINK }),
      changeEmailMail({ to: TO, shopName: 'MKS Sokół', newEmail: 'nowy@example.pl', link: LINK }),
    ]) {
      // The first line after the shop's name is the heading: a fixed text.
      const heading = mail.text.split('\n')[2]!;
      expect(heading).not.toMatch(/Witaj/);
      expect(mail.html).not.toContain('Witaj');
    }
  });

  it('never puts a non-web link into an href', () => {
    const mail = renderMail({
      to: TO,
      shopName: 'S',
      subject: 'T',
      heading: 'H',
      blocks: [{ kind: 'action', label: 'Kliknij', url: 'javascript:alert(1)' }],
    });
    expect(mail.html).toContain('href="#"');
    expect(mail.html).not.toContain('href="javascript');
  });

  it('render tables for later e-mails (order lines)', () => {
    const mail = renderMail({
      to: TO,
      shopName: 'S',
      subject: 'Zamówienie',
      heading: 'Dziękujemy',
      blocks: [
        {
          kind: 'table',
          head: ['Produkt', 'Cena'],
          rows: [['Szalik <XL>', '49,99 zł']],
          align: ['left', 'right'],
        },
      ],
    });
    expect(mail.html).toContain('Szalik &lt;XL&gt;');
    expect(mail.html).toContain('text-align:right');
    expect(mail.text).toContain('Produkt | Cena\nSzalik <XL> | 49,99 zł');
  });
});
