import type { Seller } from '@club/contract';
import { joinFilled as join, sellerAddress } from '../../lib/seller.ts';
import type { MailBlock } from './templates.ts';

/**
 * The information a consumer must get on a durable medium once a distance contract is made
 * (ustawa o prawach konsumenta art. 12, 21): who the seller is, the right of withdrawal and the
 * model withdrawal form (załącznik nr 2), with the exception of art. 38 pkt 12 for event tickets.
 */

/** Name, address and means of contact, as the withdrawal form's addressee. */
const addressee = (s: Seller, shopName: string, shopEmail: string) =>
  join([
    s.Nazwa || shopName,
    sellerAddress(s),
    s.Email || shopEmail ? `e-mail: ${s.Email || shopEmail}` : '',
  ]);

export const sellerBlocks = (s: Seller, shopName: string, shopEmail: string): MailBlock[] => {
  if (!s.Uzupelnione) {
    // Never invent legal data: until the club fills it in, the shop's name and address stand in.
    return [
      { kind: 'h2', text: 'Sprzedawca' },
      { kind: 'p', text: join([shopName, shopEmail ? `e-mail: ${shopEmail}` : '']) },
    ];
  }
  const rows: string[][] = [
    ['Nazwa', s.Nazwa],
    ['Adres', sellerAddress(s)],
    ['NIP', s.NIP],
    ['REGON', s.REGON],
    ['KRS', s.KRS],
    ['E-mail', s.Email],
    ['Telefon', s.Telefon],
  ].filter(([, v]) => v);
  const complaints = sellerAddress(s.Reklamacje);
  if (complaints && complaints !== sellerAddress(s))
    rows.push(['Adres do zwrotów i reklamacji', join([s.Reklamacje.Nazwa, complaints])]);
  return [
    { kind: 'h2', text: 'Sprzedawca' },
    { kind: 'table', rows },
  ];
};

/**
 * The right of withdrawal (pouczenie as in załącznik nr 1) and, where the order holds tickets for
 * events on a set date, the exception that applies to them.
 */
export const withdrawalBlocks = (
  s: Seller,
  shopName: string,
  shopEmail: string,
  eventTickets: string[],
  printedLines: string[] = [],
): MailBlock[] => {
  const to = addressee(s, shopName, shopEmail);
  const returnTo = s.Uzupelnione ? join([s.Reklamacje.Nazwa, sellerAddress(s.Reklamacje)]) : to;
  const blocks: MailBlock[] = [
    { kind: 'h2', text: 'Prawo odstąpienia od umowy' },
    {
      kind: 'p',
      text:
        'Masz prawo odstąpić od umowy w terminie 14 dni bez podania jakiejkolwiek przyczyny. Termin wygasa po ' +
        'upływie 14 dni od dnia, w którym Ty lub wskazana przez Ciebie osoba trzecia inna niż przewoźnik ' +
        'weszliście w posiadanie rzeczy (przy kilku rzeczach dostarczanych osobno: ostatniej z nich).',
    },
    {
      kind: 'p',
      text:
        `Aby skorzystać z prawa odstąpienia, poinformuj nas (${to}) o swojej decyzji w drodze jednoznacznego ` +
        'oświadczenia, na przykład pismem wysłanym pocztą lub e-mailem. Możesz użyć wzoru formularza ' +
        'odstąpienia od umowy zamieszczonego poniżej, ale nie jest to obowiązkowe. Aby zachować termin, ' +
        'wystarczy wysłać oświadczenie przed jego upływem.',
    },
    {
      kind: 'p',
      text:
        'Skutki odstąpienia: zwrócimy wszystkie otrzymane od Ciebie płatności, w tym koszt dostarczenia rzeczy ' +
        '(z wyjątkiem dodatkowych kosztów wybranego przez Ciebie sposobu dostawy innego niż najtańszy zwykły ' +
        'sposób oferowany przez sklep), niezwłocznie, a najpóźniej w ciągu 14 dni od dnia, w którym otrzymamy ' +
        'Twoje oświadczenie. Zwrotu dokonamy tym samym sposobem płatności, którego użyłeś, chyba że wyraźnie ' +
        'zgodzisz się na inny, bez żadnych kosztów dla Ciebie. Możemy wstrzymać się ze zwrotem płatności do ' +
        'chwili otrzymania rzeczy lub dowodu jej odesłania, zależnie od tego, co nastąpi wcześniej.',
    },
    {
      kind: 'p',
      text:
        `Rzecz odeślij lub przekaż na adres: ${returnTo} niezwłocznie, a najpóźniej w ciągu 14 dni od dnia, w ` +
        'którym poinformowałeś nas o odstąpieniu. Ponosisz bezpośredni koszt zwrotu rzeczy. Odpowiadasz tylko ' +
        'za zmniejszenie wartości rzeczy wynikające z korzystania z niej w sposób inny niż konieczny do ' +
        'stwierdzenia jej charakteru, cech i funkcjonowania.',
    },
  ];
  if (eventTickets.length) {
    blocks.push({
      kind: 'p',
      text:
        'Wyjątek: prawo odstąpienia od umowy nie przysługuje w odniesieniu do usług związanych z wypoczynkiem, ' +
        'rozrywką lub wydarzeniami sportowymi, jeżeli w umowie oznaczono dzień lub okres świadczenia usługi ' +
        '(art. 38 ust. 1 pkt 12 ustawy o prawach konsumenta). Dotyczy to następujących pozycji zamówienia: ' +
        `${eventTickets.join('; ')}. Pozostałe pozycje możesz zwrócić na zasadach opisanych powyżej.`,
    });
  }
  if (printedLines.length) {
    blocks.push({
      kind: 'p',
      text:
        'Wyjątek: prawo odstąpienia od umowy nie przysługuje w odniesieniu do rzeczy wyprodukowanych według ' +
        'specyfikacji konsumenta, np. koszulek z nadrukiem nazwiska lub numeru (art. 38 ust. 1 pkt 3 ustawy o ' +
        `prawach konsumenta). Dotyczy to następujących pozycji zamówienia: ${printedLines.join('; ')}. ` +
        'Pozostałe pozycje możesz zwrócić na zasadach opisanych powyżej.',
    });
  }
  return blocks;
};

/** The model withdrawal form of załącznik nr 2 do ustawy o prawach konsumenta, addressed to the seller. */
export const withdrawalFormBlocks = (
  s: Seller,
  shopName: string,
  shopEmail: string,
  orderNumber: string,
): MailBlock[] => [
  { kind: 'h2', text: 'Wzór formularza odstąpienia od umowy' },
  {
    kind: 'p',
    text: '(formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy)',
  },
  {
    kind: 'list',
    items: [
      `Adresat: ${addressee(s, shopName, shopEmail)}`,
      'Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących ' +
        `rzeczy(*) / umowy o świadczenie następującej usługi(*): ............ (zamówienie nr ${orderNumber})`,
      'Data zawarcia umowy(*) / odbioru(*): ............',
      'Imię i nazwisko konsumenta(-ów): ............',
      'Adres konsumenta(-ów): ............',
      'Podpis konsumenta(-ów) (tylko jeżeli formularz jest przesyłany w wersji papierowej): ............',
      'Data: ............',
    ],
  },
  { kind: 'note', text: '(*) Niepotrzebne skreślić.' },
];

/** The block every order e-mail carries (Directive 2023/2673: the function reachable from the order). */
export const withdrawalLinkBlocks = (url: string | null | undefined): MailBlock[] =>
  url
    ? [
        {
          kind: 'p',
          text: 'Możesz odstąpić od umowy online, bez podawania przyczyny, w ciągu 14 dni od otrzymania produktów (nie dotyczy biletów na wydarzenia w wyznaczonym terminie ani towarów personalizowanych, np. z nadrukiem nazwiska lub numeru):',
        },
        { kind: 'action', label: 'Odstąp od umowy', url },
      ]
    : [];
