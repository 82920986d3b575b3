import type { ReturnStateCode } from '../../lib/withdrawal-window.ts';
import type { MailMessage } from '../mail/message.ts';
import { type MailBlock, renderMail, warsawDateTime } from '../mail/templates.ts';

type Line = { name: string; parameter: string | null; quantity: number; exchangeTo?: string | null };
const lineRows = (lines: Line[]) =>
  lines.map((l) => [
    `${l.parameter ? `${l.name} - ${l.parameter}` : l.name}${l.exchangeTo ? ` (wymiana na rozmiar ${l.exchangeTo})` : ''}`,
    `${l.quantity} szt.`,
  ]);

/**
 * The acknowledgement on a durable medium (art. 32 ust. 1 u.p.k. as amended by Directive
 * 2023/2673): sent at once, with the date and time the statement was received and what it covers.
 */
export const withdrawalReceivedMail = (o: {
  to: string;
  shopName: string;
  number: string;
  receivedAt: Date;
  lines: Line[];
  reason: string;
}): MailMessage => {
  const blocks: MailBlock[] = [
    {
      kind: 'p',
      text: `Potwierdzamy otrzymanie Twojego oświadczenia o odstąpieniu od umowy (zamówienie ${o.number}, sklep ${o.shopName}) w dniu ${warsawDateTime.format(o.receivedAt)} (czas polski).`,
    },
    { kind: 'table', head: ['Produkt', 'Ilość'], align: ['left', 'right'], rows: lineRows(o.lines) },
  ];
  if (o.reason) blocks.push({ kind: 'p', text: `Podany powód: ${o.reason}` });
  if (o.lines.some((l) => l.exchangeTo))
    blocks.push({
      kind: 'p',
      text: 'Za pozycje z wymianą rozmiaru zamiast zwrotu pieniędzy wyślemy wybrany rozmiar, bez dopłaty i bez kosztów dostawy, gdy otrzymamy odesłany produkt. Jeśli rozmiar zostanie w tym czasie wyprzedany, zwrócimy pieniądze.',
    });
  blocks.push(
    {
      kind: 'p',
      text: 'Odeślij produkty w ciągu 14 dni od dnia odstąpienia. Zwrot płatności otrzymasz w ciągu 14 dni od otrzymania oświadczenia, tą samą metodą płatności; sklep może wstrzymać zwrot do chwili otrzymania produktów.',
    },
    { kind: 'note', text: 'O kolejnych krokach zwrotu poinformujemy Cię w osobnych wiadomościach.' },
  );
  return renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Potwierdzenie odstąpienia od umowy – zamówienie ${o.number}`,
    heading: `Odstąpienie od umowy – zamówienie ${o.number}`,
    blocks,
  });
};

const stepText: Record<Exclude<ReturnStateCode, 'zgloszony'>, string> = {
  przyjety: 'Sklep przyjął Twój zwrot. Odeślij produkty na adres sklepu podany w potwierdzeniu zamówienia.',
  odrzucony: 'Sklep odrzucił Twój zwrot.',
  towar_otrzymany: 'Sklep otrzymał odesłane produkty. Zwrot pieniędzy nastąpi tą samą metodą płatności.',
  zwrot_pieniedzy: 'Sklep zwrócił pieniądze za zwrócone produkty tą samą metodą płatności, którą zapłaciłeś.',
  wymieniony: 'Sklep wymienił zwrócone produkty. Nowa przesyłka zostanie do Ciebie wysłana.',
};
const stepSubject: Record<Exclude<ReturnStateCode, 'zgloszony'>, string> = {
  przyjety: 'Zwrot przyjęty',
  odrzucony: 'Zwrot odrzucony',
  towar_otrzymany: 'Otrzymaliśmy zwracane produkty',
  zwrot_pieniedzy: 'Pieniądze za zwrot zwrócone',
  wymieniony: 'Produkty wymienione',
};

/** To the buyer at each step of the return the panel makes. */
export const returnStepMail = (o: {
  to: string;
  shopName: string;
  number: string;
  state: Exclude<ReturnStateCode, 'zgloszony'>;
  note: string;
  lines: Line[];
}): MailMessage => {
  const blocks: MailBlock[] = [
    { kind: 'p', text: `Zamówienie ${o.number}, sklep ${o.shopName}. ${stepText[o.state]}` },
    { kind: 'table', head: ['Produkt', 'Ilość'], align: ['left', 'right'], rows: lineRows(o.lines) },
  ];
  if (o.note)
    blocks.push({
      kind: 'p',
      text: `${o.state === 'odrzucony' ? 'Powód' : 'Wiadomość od sklepu'}: ${o.note}`,
    });
  return renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `${stepSubject[o.state]} – zamówienie ${o.number}`,
    heading: `${stepSubject[o.state]} – zamówienie ${o.number}`,
    blocks,
  });
};

/** To the buyer when the shop sends a size exchange: the new order, what it holds, nothing to pay. */
export const exchangeSentMail = (o: {
  to: string;
  shopName: string;
  number: string;
  newNumber: string;
  lines: { name: string; from: string | null; to: string; quantity: number }[];
}): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Wymiana rozmiaru wysłana – zamówienie ${o.newNumber}`,
    heading: `Wymiana rozmiaru – zamówienie ${o.newNumber}`,
    blocks: [
      {
        kind: 'p',
        text: `Sklep ${o.shopName} przyjął zwrot z zamówienia ${o.number} i wysyła Ci wymianę jako nowe zamówienie ${o.newNumber}, na ten sam adres i tą samą metodą dostawy.`,
      },
      {
        kind: 'table',
        head: ['Produkt', 'Rozmiar', 'Ilość'],
        align: ['left', 'left', 'right'],
        rows: o.lines.map((l) => [l.name, `${l.from ?? '–'} → ${l.to}`, `${l.quantity} szt.`]),
      },
      { kind: 'p', text: 'Do zapłaty: 0,00 zł. Dostawa: 0,00 zł. Płatność: Wymiana — bez płatności.' },
      { kind: 'note', text: 'Jeśli masz konto w sklepie, nowe zamówienie znajdziesz w historii zamówień.' },
    ],
  });
