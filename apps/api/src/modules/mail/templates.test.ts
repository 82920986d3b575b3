import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeQuotedPrintable, parseEml } from './outbox-routes.ts';
import {
  changeEmailMail,
  confirmAccountMail,
  escapeHtml,
  renderMail,
  resetPasswordMail,
} from './templates.ts';

const LINK = 'https://sklep.example.pl/logowanie/abc_DEF-123';

describe('mail templates', () => {
  it('put the link in both the text and the HTML version', () => {
    for (const mail of [
      confirmAccountMail({ shopName: 'MKS Sokół', link: LINK }),
      resetPasswordMail({ shopName: 'MKS Sokół', link: LINK }),
      changeEmailMail({ shopName: 'MKS Sokół', newEmail: 'nowy@example.pl', link: LINK }),
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
      confirmAccountMail({ shopName: 'MKS Sokół', link: LINK }),
      resetPasswordMail({ shopName: 'MKS Sokół', link: LINK }),
      changeEmailMail({ shopName: 'MKS Sokół', newEmail: 'nowy@example.pl', link: LINK }),
    ]) {
      // The first line after the shop's name is the heading: a fixed text.
      const heading = mail.text.split('\n')[2]!;
      expect(heading).not.toMatch(/Witaj/);
      expect(mail.html).not.toContain('Witaj');
    }
  });

  it('never puts a non-web link into an href', () => {
    const mail = renderMail({
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

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('reading .eml files', () => {
  it('decodes quoted-printable with soft breaks and multi-byte letters', () => {
    expect(decodeQuotedPrintable('Za=C5=BC=C3=B3=C5=82=C4=87 g=C4=99=\nsl=C4=85 ja=C5=BA=C5=84')).toBe(
      'Zażółć gęslą jaźń',
    );
    expect(decodeQuotedPrintable('a =\r\nb=3Dc')).toBe('a b=c');
  });

  it('decodes encoded-word headers', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?Potwierd=C5=BA_konto?= =?UTF-8?Q?_w_sklepie?=')).toBe(
      'Potwierdź konto w sklepie',
    );
    expect(decodeEncodedWords('=?UTF-8?B?WmHFvMOzxYLEhw==?=')).toBe('Zażółć');
    expect(decodeEncodedWords('zwykły tekst')).toBe('zwykły tekst');
  });

  it('reads what nodemailer writes: headers and the text part', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const content = confirmAccountMail({ shopName: 'MKS Sokół Demo', link: `${LINK}${'x'.repeat(80)}` });
    for (const html of [content.html, undefined]) {
      const info = await transport.sendMail({
        from: 'Sklep <sklep@localhost>',
        to: 'lucja@example.pl',
        ...content,
        html,
      });
      const mail = parseEml((info.message as Buffer).toString('utf8'));
      expect(mail.headers.subject).toBe(content.subject);
      expect(mail.headers.to).toBe('lucja@example.pl');
      expect(mail.text).toBe(content.text);
    }
  });

  it('falls back to the HTML part without tags when there is no text part', () => {
    const raw =
      'Subject: x\nContent-Type: text/html; charset=utf-8\n\n<p>Dzie&amp;&lt;ń</p><script>zle()</script>';
    expect(parseEml(raw).text.trim()).toBe('Dzie&<ń');
  });

  it('decodes base64 parts', () => {
    const body = Buffer.from('Zażółć gęślą jaźń', 'utf8').toString('base64');
    const raw = `Subject: b\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n${body}\n`;
    expect(parseEml(raw).text).toBe('Zażółć gęślą jaźń');
  });
});
