import { createHash } from 'node:crypto';
import { editionNumbersLabel, msg, type PanelOrderDetail, preorderLabel } from '@club/contract';
import { escapeHtml } from '../../lib/escape-html.ts';

const STYLE = `body{font-family:Arial,Helvetica,sans-serif;color:#111;margin:2rem;font-size:14px}
h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1rem;margin:1.5rem 0 .5rem}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #999;padding:.4rem;text-align:left}
td.n,th.n{text-align:right}.cols{display:flex;gap:3rem;flex-wrap:wrap}.box{border:1px solid #111;padding:.75rem 1rem;min-width:16rem}
.check{width:2rem}@media print{body{margin:0}}`;

/** Only this page's own stylesheet may apply; no script, image, frame or form runs in it. */
export const PACKING_SLIP_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const warsawDate = new Intl.DateTimeFormat('pl-PL', {
  timeZone: 'Europe/Warsaw',
  dateStyle: 'long',
  timeStyle: 'short',
});

/**
 * The packing slip of one order as a printable Polish HTML page: who it goes to, how, and what
 * to put in the parcel (no prices: the slip travels in the parcel). Every value is escaped.
 */
export const packingSlipHtml = (shopName: string, o: PanelOrderDetail): string => {
  const e = escapeHtml;
  const a = o.Adres;
  const lines = o.Pozycje.map(
    (l) =>
      `<tr><td class="check">☐</td><td>${e(l.Nazwa)}${l.NumeryEdycji ? `<br><strong>${e(editionNumbersLabel(l.NumeryEdycji.Od, l.NumeryEdycji.Do))}</strong>` : ''}${l.Przedsprzedaz ? `<br><strong>${e(preorderLabel(l.Przedsprzedaz.DataWysylki))}</strong>` : ''}</td><td>${e(l.Parametr ?? '—')}</td><td class="n">${l.Ilosc} szt.</td></tr>`,
  ).join('');
  const pieces = o.Pozycje.reduce((n, l) => n + l.Ilosc, 0);
  return `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(msg.packingSlipTitle)} ${e(o.Numer)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${e(msg.packingSlipTitle)}: zamówienie ${e(o.Numer)}</h1>
<p>${e(shopName)} · złożone ${e(warsawDate.format(new Date(o.Data)))} · status: ${e(o.StatusNazwa)}</p>
<div class="cols">
<section class="box" aria-labelledby="odbiorca"><h2 id="odbiorca">Odbiorca</h2>
<p>${e(a.Nazwa)}<br>${e(a.UlicaINumer)}<br>${e(a.KodPocztowy)} ${e(a.Miasto)}<br>tel. ${e(a.Telefon)}<br>${e(a.Email)}</p></section>
<section class="box" aria-labelledby="dostawa"><h2 id="dostawa">Dostawa i płatność</h2>
<p>${e(o.Dostawa.Nazwa)}${o.Dostawa.DodatkoweInformacje ? `<br>Paczkomat / informacje: <strong>${e(o.Dostawa.DodatkoweInformacje)}</strong>` : ''}<br>Płatność: ${e(o.Platnosc.MetodaNazwa)}${o.Platnosc.Metoda === 20 ? ` — pobranie ${e(o.Kwota.toFixed(2).replace('.', ','))} zł` : ''}</p></section>
</div>
<h2>Zawartość przesyłki</h2>
<table>
<thead><tr><th class="check" scope="col"><span aria-label="Spakowano">✓</span></th><th scope="col">Produkt</th><th scope="col">Parametr</th><th class="n" scope="col">Ilość</th></tr></thead>
<tbody>${lines}</tbody>
<tfoot><tr><td></td><td colspan="2">Razem sztuk</td><td class="n">${pieces} szt.</td></tr></tfoot>
</table>
</main>
</body>
</html>
`;
};
