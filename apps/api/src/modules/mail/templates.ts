import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailMessage } from './message.ts';

/**
 * E-mails the shop sends, each a whole message (see message.ts). Every message is built from the
 * same blocks by `renderMail`, so the text and HTML versions always say the same thing and every
 * value that came from a user or the database is escaped exactly once, here.
 */

/** A moment as a buyer in Poland reads it in a message (`27.11.2026, 14:05`): the shop's time zone. */
export const warsawDateTime = new Intl.DateTimeFormat('pl-PL', {
  timeZone: 'Europe/Warsaw',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** Who a message goes to, and where an answer goes. */
export type Recipient = { to: string; replyTo?: string };

export type MailBlock =
  | { kind: 'p'; text: string }
  /** A call-to-action button in HTML; the bare URL on its own line in text. */
  | { kind: 'action'; label: string; url: string }
  /** Rows of cells (e.g. order lines); `align` right-aligns numeric columns. */
  | { kind: 'table'; head?: string[]; rows: string[][]; align?: ('left' | 'right')[] }
  /** Small print under the rest. */
  | { kind: 'note'; text: string }
  /** A section heading (legal information in the order confirmation). */
  | { kind: 'h2'; text: string }
  /** A bulleted list in HTML, lines starting with '– ' in text. */
  | { kind: 'list'; items: string[] }
  /** Text whose line breaks matter (a form as its sender filled it in). */
  | { kind: 'pre'; text: string }
  /** A code to type elsewhere (a gift card's): large, fixed-width, never broken across lines. */
  | { kind: 'code'; label: string; code: string };

export type MailLayout = Recipient & {
  shopName: string;
  subject: string;
  heading: string;
  blocks: MailBlock[];
};

/** Only web links go into an href; anything else (javascript:, data:) would be a trap in a mail client. */
const safeUrl = (url: string): string => (/^https?:\/\//i.test(url) ? url : '#');

/** Header values must stay on one line; a newline in a shop name must not inject a header. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2933;';

const blockHtml = (b: MailBlock): string => {
  switch (b.kind) {
    case 'p':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(b.text)}</p>`;
    case 'pre':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;white-space:pre-wrap">${escapeHtml(b.text)}</p>`;
    case 'note':
      return `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#616e7c">${escapeHtml(b.text)}</p>`;
    case 'h2':
      return `<h2 style="margin:24px 0 8px;font-size:17px">${escapeHtml(b.text)}</h2>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.5">${b.items
        .map((i) => `<li>${escapeHtml(i)}</li>`)
        .join('')}</ul>`;
    case 'action': {
      const href = escapeHtml(safeUrl(b.url));
      return (
        `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#0b5394;` +
        `color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(b.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;color:#616e7c">Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:<br>` +
        `<a href="${href}" style="color:#0b5394;word-break:break-all">${escapeHtml(b.url)}</a></p>`
      );
    }
    case 'code':
      return (
        `<p style="margin:0 0 16px;font-size:13px;color:#616e7c">${escapeHtml(b.label)}<br>` +
        `<span style="font-family:'Courier New',Courier,monospace;font-size:20px;font-weight:bold;letter-spacing:1px;` +
        `white-space:nowrap;color:#1f2933">${escapeHtml(b.code)}</span></p>`
      );
    case 'table': {
      const align = (i: number) => (b.align?.[i] === 'right' ? 'right' : 'left');
      const cell = (tag: 'td' | 'th', v: string, i: number) =>
        `<${tag} style="padding:6px 8px;border-bottom:1px solid #e4e7eb;text-align:${align(i)}">${escapeHtml(v)}</${tag}>`;
      const head = b.head ? `<tr>${b.head.map((h, i) => cell('th', h, i)).join('')}</tr>` : '';
      const rows = b.rows.map((r) => `<tr>${r.map((v, i) => cell('td', v, i)).join('')}</tr>`).join('');
      return `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px">${head}${rows}</table>`;
    }
  }
};

const blockText = (b: MailBlock): string => {
  switch (b.kind) {
    case 'p':
    case 'pre':
    case 'note':
      return b.text;
    case 'h2':
      return `${b.text}\n${'='.repeat(Math.min(b.text.length, 60))}`;
    case 'list':
      return b.items.map((i) => `– ${i}`).join('\n');
    case 'action':
      return `${b.label}:\n${b.url}`;
    case 'code':
      return `${b.label}: ${b.code}`;
    case 'table':
      return [...(b.head ? [b.head.join(' | ')] : []), ...b.rows.map((r) => r.join(' | '))].join('\n');
  }
};

/** The shared look of every shop e-mail: shop name, heading, blocks, a footer. */
export const renderMail = (layout: MailLayout): MailMessage => {
  const shop = oneLine(layout.shopName);
  const footer = `Wiadomość wysłana automatycznie przez sklep ${shop}. Prosimy na nią nie odpowiadać.`;
  const html =
    `<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f5f7fa"><div style="max-width:600px;margin:0 auto;padding:24px;${FONT}">` +
    `<div style="font-size:13px;text-transform:uppercase;letter-spacing:1px;color:#616e7c;margin-bottom:8px">${escapeHtml(shop)}</div>` +
    `<div style="background:#ffffff;border-radius:6px;padding:24px">` +
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(layout.heading)}</h1>` +
    layout.blocks.map(blockHtml).join('') +
    `</div><p style="font-size:12px;color:#9aa5b1;margin:16px 0 0">${escapeHtml(footer)}</p></div></body></html>`;
  const text = [
    shop,
    '',
    layout.heading,
    '',
    ...layout.blocks.flatMap((b) => [blockText(b), '']),
    '--',
    footer,
    '',
  ].join('\n');
  return {
    to: layout.to,
    ...(layout.replyTo && { replyTo: layout.replyTo }),
    subject: oneLine(layout.subject),
    text,
    html,
  };
};

const EXPIRY_NOTE = 'Link jest ważny przez 24 godziny i można go użyć tylko raz.';
const IGNORE_NOTE = 'Jeśli to nie Ty, zignoruj tę wiadomość.';

/*
 * Mails to an address nobody has proven is theirs (a new account, a reminder, a new address) carry
 * no text a stranger typed: the names come from the form, and a greeting such as "Witaj, Visit
 * https://…!" would let anyone write to anyone in the shop's name.
 */
export const confirmAccountMail = (o: { to: string; shopName: string; link: string }): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Potwierdź założenie konta w sklepie ${oneLine(o.shopName)}`,
    heading: 'Potwierdź założenie konta',
    blocks: [
      { kind: 'p', text: `Ten adres e-mail podano podczas rejestracji konta w sklepie ${o.shopName}.` },
      { kind: 'p', text: 'Aby aktywować konto, potwierdź swój adres e-mail:' },
      { kind: 'action', label: 'Potwierdź konto', url: o.link },
      {
        kind: 'note',
        text: `${EXPIRY_NOTE} Jeśli to nie Ty zakładasz konto, zignoruj tę wiadomość: bez potwierdzenia konto nie zostanie aktywowane.`,
      },
    ],
  });

/** Someone registered with an address that has an account already: its owner hears of it, nobody else. */
export const registrationAttemptMail = (o: {
  to: string;
  shopName: string;
  loginUrl: string;
  remindUrl: string;
}): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Próba rejestracji w sklepie ${oneLine(o.shopName)}`,
    heading: 'Masz już konto w naszym sklepie',
    blocks: [
      {
        kind: 'p',
        text: `Ktoś próbował założyć konto w sklepie ${o.shopName} z tym adresem e-mail, ale konto z tym adresem już istnieje. Nic w nim nie zmieniono.`,
      },
      { kind: 'action', label: 'Zaloguj się', url: o.loginUrl },
      { kind: 'p', text: `Nie pamiętasz hasła? Ustaw nowe: ${o.remindUrl}` },
      { kind: 'note', text: IGNORE_NOTE },
    ],
  });

export const resetPasswordMail = (o: { to: string; shopName: string; link: string }): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Ustaw nowe hasło w sklepie ${oneLine(o.shopName)}`,
    heading: 'Ustaw nowe hasło',
    blocks: [
      { kind: 'p', text: 'Otrzymaliśmy prośbę o przypomnienie hasła do konta z tym adresem e-mail.' },
      { kind: 'p', text: 'Aby ustawić nowe hasło, otwórz formularz:' },
      { kind: 'action', label: 'Ustaw nowe hasło', url: o.link },
      { kind: 'note', text: `${EXPIRY_NOTE} ${IGNORE_NOTE} Twoje obecne hasło pozostanie bez zmian.` },
    ],
  });

export const changeEmailMail = (o: {
  to: string;
  shopName: string;
  newEmail: string;
  link: string;
}): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Potwierdź nowy adres e-mail w sklepie ${oneLine(o.shopName)}`,
    heading: 'Potwierdź nowy adres e-mail',
    blocks: [
      {
        kind: 'p',
        text: `Poproszono o zmianę adresu e-mail konta w sklepie ${o.shopName} na ${o.newEmail}.`,
      },
      { kind: 'p', text: 'Aby potwierdzić nowy adres, otwórz link (musisz być zalogowany na swoje konto):' },
      { kind: 'action', label: 'Potwierdź nowy adres e-mail', url: o.link },
      { kind: 'note', text: `${EXPIRY_NOTE} ${IGNORE_NOTE}` },
    ],
  });

const NOT_YOU_NOTE =
  'Jeśli to nie Ty, natychmiast zmień hasło (skorzystaj z opcji „Nie pamiętasz hasła?”) i skontaktuj się ze sklepem.';

/** Sent to the OLD address once an e-mail change is confirmed: its owner learns the account moved. */
export const emailChangedNoticeMail = (o: {
  to: string;
  shopName: string;
  firstName: string;
  newEmail: string;
}): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Zmieniono adres e-mail konta w sklepie ${oneLine(o.shopName)}`,
    heading: `Witaj, ${o.firstName}!`,
    blocks: [
      {
        kind: 'p',
        text: `Adres e-mail Twojego konta został zmieniony na ${o.newEmail}. Na ten adres nie będą już przychodzić wiadomości dotyczące konta.`,
      },
      { kind: 'note', text: NOT_YOU_NOTE },
    ],
  });

/** Sent to the account's address after a password change or a reset through a reminder link. */
export const passwordChangedNoticeMail = (o: {
  to: string;
  shopName: string;
  firstName: string;
  via: 'change' | 'reset';
}): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Zmieniono hasło do konta w sklepie ${oneLine(o.shopName)}`,
    heading: `Witaj, ${o.firstName}!`,
    blocks: [
      {
        kind: 'p',
        text:
          o.via === 'reset'
            ? 'Hasło do Twojego konta zostało ustawione na nowo przez link z wiadomości przypominającej hasło.'
            : 'Hasło do Twojego konta zostało zmienione.',
      },
      {
        kind: 'p',
        text:
          o.via === 'reset'
            ? 'Wszystkie urządzenia zalogowane na to konto zostały wylogowane.'
            : 'Pozostałe urządzenia zalogowane na to konto zostały wylogowane.',
      },
      { kind: 'note', text: NOT_YOU_NOTE },
    ],
  });

/**
 * A form sent from the storefront, to the club's shop address: answering it answers its sender
 * (`replyTo`, when the form has a valid address). The form's text is shown as typed.
 */
export const shopFormMail = (
  o: Recipient & { shopName: string; subject: string; text: string },
): MailMessage =>
  renderMail({
    to: o.to,
    replyTo: o.replyTo,
    shopName: o.shopName,
    subject: o.subject,
    heading: oneLine(o.subject),
    blocks: [{ kind: 'pre', text: o.text }],
  });
