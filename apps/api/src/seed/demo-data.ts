import type { BrandColours, PrintingSettings, SizeGuide } from '@club/contract';
import type { SellerData } from '../db/schema.ts';

/** Demo content of the seeded club shops. Prices in grosze. */
export type SeedProduct = {
  name: string;
  category: string;
  price: number;
  stock: number;
  params?: string[];
  /** Stock of each parameter (stock is kept per parameter; `stock` must be their sum); default: `stock` spread evenly. */
  paramStock?: number[];
  requiresParam?: boolean;
  description: string;
  extra?: string;
  photos?: number;
  /** Earlier prices (oldest first, days ago) before `price`: a cut shows its Omnibus lowest price. */
  earlierPrices?: { daysAgo: number; price: number }[];
  /** A ticket for an event on a set date (no right of withdrawal, art. 38 pkt 12 u.p.k.). */
  datedEvent?: boolean;
  /** Named options: `params` are then every combination of their values (first option slowest). */
  options?: { name: string; values: string[] }[];
  /** Own prices of some variants (grosze), by their name ('Czarny / XXL'). */
  variantPrices?: Record<string, number>;
  /** Name-and-number printing offered (decision 143). */
  printing?: PrintingSettings;
  /** Pieces one buyer may buy in all their orders. */
  customerLimit?: number;
  /** Each piece sold gets the next number. */
  numberedEdition?: boolean;
  /** One variant sold on pre-order (decision 144): shipping `inDays` after seeding, up to `cap` pieces. */
  preorder?: { variant: string; inDays: number; cap: number };
  /** Addresses waiting for a sold-out variant ("Powiadom mnie"), by its name, oldest first. */
  stockAlerts?: Record<string, string[]>;
  /** A gift card (decision 154): each variant's price is a card's amount. */
  giftCard?: boolean;
};
export type SeedOrg = {
  alias: string;
  name: string;
  title: string;
  description: string;
  hosts: string[];
  /** Product photos', banners' and logos' colours. */
  colours: [string, string];
  /** The storefront's colours. */
  brand: BrandColours;
  initials: string;
  shopEmail: string;
  orderPrefix: string;
  categories: { name: string; parent?: string; sizeGuide?: SizeGuide }[];
  products: SeedProduct[];
  shipping: { name: string; price: number; cod: boolean; electronic?: boolean }[];
  options: Record<string, string>;
  /** The seller's legal data (panel: settings, seller); the order e-mail and legal pages name it. */
  seller?: SellerData;
  /** The squad whose names and numbers a product may offer as printing presets. */
  squad?: { name: string; number: number }[];
};

const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const KID = ['116', '128', '140', '152', '164'];

/** The match shirts' sizes (adult cut), shown from the product page's size selector. */
const SHIRT_GUIDE: SizeGuide = {
  Kolumny: ['Rozmiar', 'Obwód klatki (cm)', 'Długość (cm)', 'Wzrost (cm)'],
  Wiersze: [
    ['S', '88–96', '70', '164–170'],
    ['M', '96–104', '72', '170–176'],
    ['L', '104–112', '74', '176–182'],
    ['XL', '112–120', '76', '182–188'],
    ['XXL', '120–128', '78', '188–194'],
  ],
};

const kit = (name: string, price: number, stock: number, extra?: Partial<SeedProduct>): SeedProduct => ({
  name,
  category: 'Koszulki meczowe',
  price,
  stock,
  params: SIZES,
  requiresParam: true,
  description: `${name} w barwach klubu. Materiał oddychający, szybkoschnący, haftowany herb.`,
  extra: `<p><strong>${name}</strong> – oficjalny produkt klubowy.</p><ul><li>100% poliester z recyklingu</li><li>Haftowany herb klubu</li><li>Krój regularny</li></ul><p>Pranie w 30°C, nie suszyć w suszarce.</p>`,
  photos: 3,
  ...extra,
});

export const demoOrg: SeedOrg = {
  alias: 'demo',
  name: 'MKS Sokół Demo',
  title: 'Sklep kibica MKS Sokół',
  description: 'Oficjalny sklep kibica MKS Sokół: koszulki meczowe, szaliki, gadżety i bilety.',
  hosts: ['localhost', '127.0.0.1', 'demo.localhost'],
  colours: ['#0b5d3b', '#f5c400'],
  brand: { Glowny: '#0b5d3b', TekstNaGlownym: '#ffffff', Akcent: '#f5c400', TekstNaAkcencie: '#1b1f1d' },
  initials: 'MKS',
  shopEmail: 'sklep@sokol-demo.pl',
  orderPrefix: 'ZS',
  categories: [
    { name: 'Odzież' },
    { name: 'Koszulki meczowe', parent: 'Odzież', sizeGuide: SHIRT_GUIDE },
    { name: 'Bluzy i kurtki', parent: 'Odzież' },
    { name: 'Kolekcja dziecięca', parent: 'Odzież' },
    { name: 'Akcesoria' },
    { name: 'Szaliki', parent: 'Akcesoria' },
    { name: 'Czapki', parent: 'Akcesoria' },
    { name: 'Gadżety', parent: 'Akcesoria' },
    { name: 'Bilety' },
    { name: 'Wyprzedaż' },
  ],
  products: [
    kit('Koszulka meczowa domowa 2026/27', 28999, 40, {
      // 3 zł a letter, 5 zł a digit ("NOWAK 9": 20 zł), or a squad player's print at 45 zł.
      printing: {
        perLetter: 300,
        perDigit: 500,
        flat: null,
        maxLetters: 12,
        presets: true,
        presetPrice: 4500,
      },
    }),
    kit('Koszulka meczowa wyjazdowa 2026/27', 28999, 25, { paramStock: [5, 8, 0, 7, 5] }),
    kit('Koszulka meczowa trzecia 2026/27', 27999, 12, { paramStock: [0, 4, 4, 4, 0] }),
    kit('Koszulka bramkarska 2026/27', 26999, 0),
    kit('Koszulka treningowa', 14999, 30),
    kit('Koszulka przedmeczowa', 16999, 8),
    kit('Koszulka retro 1979', 19999, 6, {
      paramStock: [0, 3, 2, 1, 0],
      stockAlerts: { S: ['kibic.anna@example.pl', 'kibic.tomek@example.pl'] },
    }),
    kit('Koszulka polo klubowa', 15999, 18, { category: 'Koszulki meczowe' }),
    kit('Bluza z kapturem', 22999, 14, { category: 'Bluzy i kurtki' }),
    kit('Bluza rozpinana', 24999, 9, { category: 'Bluzy i kurtki' }),
    kit('Kurtka zimowa', 39999, 5, { category: 'Bluzy i kurtki' }),
    kit('Kurtka przeciwdeszczowa', 29999, 0, { category: 'Bluzy i kurtki' }),
    kit('Dres treningowy', 32999, 7, {
      category: 'Bluzy i kurtki',
      options: [
        { name: 'Kolor', values: ['Zielony', 'Czarny'] },
        { name: 'Rozmiar', values: ['S', 'M', 'L', 'XL', 'XXL'] },
      ],
      paramStock: [0, 1, 1, 1, 0, 1, 0, 1, 1, 1],
      variantPrices: { 'Czarny / XXL': 34999 },
    }),
    kit('Koszulka meczowa dziecięca', 19999, 20, { category: 'Kolekcja dziecięca', params: KID }),
    kit('Bluza dziecięca', 15999, 11, { category: 'Kolekcja dziecięca', params: KID }),
    kit('Body niemowlęce', 6999, 15, { category: 'Kolekcja dziecięca', params: ['62', '68', '74', '80'] }),
    {
      name: 'Szalik klubowy tkany',
      category: 'Szaliki',
      price: 5999,
      stock: 100,
      description: 'Tkany szalik w barwach klubu, 140 cm.',
      photos: 2,
    },
    {
      name: 'Szalik zimowy dziany',
      category: 'Szaliki',
      price: 6999,
      stock: 45,
      description: 'Ciepły szalik dziany z frędzlami.',
    },
    {
      name: 'Szalik jedwabny „Derby”',
      category: 'Szaliki',
      price: 7999,
      stock: 3,
      description: 'Limitowany szalik na mecz derbowy.',
    },
    {
      name: 'Szalik dziecięcy',
      category: 'Szaliki',
      price: 3999,
      stock: 0,
      description: 'Krótszy szalik dla najmłodszych kibiców.',
    },
    {
      name: 'Czapka zimowa z pomponem',
      category: 'Czapki',
      price: 6999,
      stock: 35,
      params: ['Zielona', 'Żółta'],
      requiresParam: false,
      description: 'Czapka z pomponem, dostępna w dwóch kolorach.',
    },
    {
      name: 'Czapka z daszkiem',
      category: 'Czapki',
      price: 7999,
      stock: 22,
      params: ['Uniwersalny'],
      requiresParam: true,
      description: 'Regulowana czapka z haftowanym herbem.',
    },
    {
      name: 'Kapelusz kibica',
      category: 'Czapki',
      price: 4999,
      stock: 4,
      description: 'Kapelusz w barwach klubu.',
    },
    {
      name: 'Kubek z herbem',
      category: 'Gadżety',
      price: 3499,
      stock: 60,
      description: 'Kubek ceramiczny 330 ml.',
    },
    {
      name: 'Brelok metalowy',
      category: 'Gadżety',
      price: 1999,
      stock: 80,
      description: 'Brelok z emaliowanym herbem.',
    },
    {
      name: 'Piłka meczowa replika',
      category: 'Gadżety',
      price: 12999,
      stock: 10,
      params: ['4', '5'],
      requiresParam: true,
      description: 'Replika piłki meczowej.',
    },
    {
      name: 'Flaga klubowa 150x90',
      category: 'Gadżety',
      price: 8999,
      stock: 16,
      description: 'Flaga z tunelem na maszt.',
    },
    {
      name: 'Smycz z herbem',
      category: 'Gadżety',
      price: 1499,
      stock: 120,
      description: 'Smycz z karabińczykiem.',
    },
    {
      name: 'Poduszka kibica',
      category: 'Gadżety',
      price: 4999,
      stock: 0,
      description: 'Poduszka na stadionowe krzesełko.',
    },
    {
      name: 'Kalendarz 2027',
      category: 'Gadżety',
      price: 2999,
      stock: 50,
      description: 'Ścienny kalendarz z zawodnikami.',
    },
    {
      name: 'Plecak klubowy',
      category: 'Gadżety',
      price: 14999,
      stock: 9,
      description: 'Plecak 25 l z przegrodą na laptop.',
    },
    {
      name: 'Bidon sportowy',
      category: 'Gadżety',
      price: 2499,
      stock: 70,
      description: 'Bidon 750 ml bez BPA.',
    },
    {
      name: 'Bilet: mecz ligowy – trybuna główna',
      category: 'Bilety',
      price: 6000,
      stock: 200,
      description: 'Bilet na najbliższy mecz ligowy, trybuna główna.',
      datedEvent: true,
    },
    {
      name: 'Bilet: mecz ligowy – trybuna za bramką',
      category: 'Bilety',
      price: 3500,
      stock: 150,
      description: 'Bilet na najbliższy mecz ligowy, trybuna za bramką.',
      datedEvent: true,
    },
    {
      name: 'Karnet rundy wiosennej',
      category: 'Bilety',
      price: 39900,
      stock: 30,
      params: ['Normalny', 'Ulgowy'],
      requiresParam: true,
      description: 'Karnet na wszystkie mecze rundy wiosennej.',
      datedEvent: true,
    },
    {
      name: 'Bilet rodzinny',
      category: 'Bilety',
      price: 12000,
      stock: 0,
      description: 'Dwoje dorosłych i dwoje dzieci.',
      datedEvent: true,
    },
    {
      name: 'Koszulka meczowa 2025/26 (wyprzedaż)',
      category: 'Wyprzedaż',
      price: 14999,
      stock: 6,
      params: SIZES,
      requiresParam: true,
      description: 'Koszulka z poprzedniego sezonu w obniżonej cenie.',
      // Cut twice: 249,99 → 199,99 (20 days ago) → 149,99; lowest of the 30 days before: 199,99 zł.
      earlierPrices: [
        { daysAgo: 45, price: 24999 },
        { daysAgo: 20, price: 19999 },
      ],
    },
    {
      name: 'Szalik sezonu 2025/26',
      category: 'Wyprzedaż',
      price: 2999,
      stock: 12,
      description: 'Szalik z poprzedniego sezonu.',
      // A promotion 90 days ago at 24,99 is older than 30 days and does not count: 49,99 zł.
      earlierPrices: [
        { daysAgo: 90, price: 2499 },
        { daysAgo: 60, price: 4999 },
      ],
    },
    {
      name: 'Zestaw naklejek',
      category: 'Wyprzedaż',
      price: 999,
      stock: 200,
      description: 'Arkusz 20 naklejek.',
      photos: 0,
    },
    {
      name: 'Pamiątkowy proporczyk',
      category: 'Wyprzedaż',
      price: 1999,
      stock: 1,
      description: 'Proporczyk z okazji jubileuszu klubu.',
    },
    {
      name: 'Karta podarunkowa 1 299,99 zł',
      category: 'Gadżety',
      price: 129999,
      stock: 10,
      description: 'Karta podarunkowa do wykorzystania w sklepie.',
    },
    {
      // A limited edition (decision 145): numbered pieces, at most 2 per buyer.
      name: 'Koszulka na 100-lecie, edycja numerowana',
      category: 'Koszulki meczowe',
      price: 37900,
      stock: 100,
      description: 'Jubileuszowa koszulka w edycji 100 numerowanych egzemplarzy. Najwyżej 2 sztuki na osobę.',
      customerLimit: 2,
      numberedEdition: true,
    },
    // Last, so no other demo product's id moves. Size M has not arrived yet: sold on pre-order.
    kit('Koszulka meczowa wyjazdowa 2027/28', 29999, 12, {
      paramStock: [3, 0, 4, 3, 2],
      preorder: { variant: 'M', inDays: 21, cap: 50 },
    }),
    {
      // Not the 1 299,99 zł card above (goods, kept for the spec's price formats): this one is e-mailed.
      name: 'E-karta podarunkowa',
      category: 'Gadżety',
      price: 5000,
      stock: 3000,
      options: [{ name: 'Kwota', values: ['50 zł', '100 zł', '200 zł'] }],
      variantPrices: { '100 zł': 10000, '200 zł': 20000 },
      description:
        'Prezent dla kibica: kod na zakupy w sklepie klubowym, wysyłany e-mailem razem z PDF do wydruku.',
      giftCard: true,
    },
  ],
  shipping: [
    { name: 'Kurier DPD', price: 1599, cod: true },
    { name: 'Paczkomat InPost', price: 1399, cod: false },
    { name: 'Poczta Polska', price: 1299, cod: true },
    { name: 'Odbiór osobisty w sklepie klubowym', price: 0, cod: true },
    { name: 'Karta podarunkowa e-mailem', price: 0, cod: false, electronic: true },
  ],
  options: { 'strona-glowna-baner': '1', 'strona-glowna-produkty': '1', 'zakupy-bez-logowania': '1' },
  squad: [
    { name: 'ZIELIŃSKI', number: 1 },
    { name: 'KOWALCZYK', number: 7 },
    { name: 'WIŚNIEWSKI', number: 10 },
  ],
  seller: {
    name: 'MKS Sokół Demo sp. z o.o.',
    street: 'ul. Stadionowa 1',
    postcode: '00-001',
    city: 'Warszawa',
    nip: '1234563218',
    regon: '123456785',
    krs: '0000123456',
    email: 'sklep@sokol-demo.pl',
    phone: '22 123 45 67',
    bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
    complaints: null,
  },
};

export const rivalOrg: SeedOrg = {
  alias: 'rywal',
  name: 'FC Rywal',
  title: 'Sklep FC Rywal',
  description: 'Sklep kibica FC Rywal.',
  hosts: ['rywal.localhost'],
  colours: ['#8b1e2d', '#ffffff'],
  brand: { Glowny: '#8b1e2d', TekstNaGlownym: '#ffffff', Akcent: '#1f2a44', TekstNaAkcencie: '#ffffff' },
  initials: 'FCR',
  shopEmail: 'sklep@fc-rywal.pl',
  orderPrefix: 'FR',
  categories: [{ name: 'Pamiątki' }, { name: 'Szaliki', parent: 'Pamiątki' }],
  products: [
    { name: 'Szalik FC Rywal', category: 'Szaliki', price: 4999, stock: 10, description: 'Szalik rywala.' },
    {
      name: 'Koszulka FC Rywal',
      category: 'Pamiątki',
      price: 19999,
      stock: 5,
      params: SIZES,
      requiresParam: true,
      description: 'Koszulka rywala.',
    },
  ],
  shipping: [
    { name: 'Kurier GLS', price: 1899, cod: false },
    { name: 'Karta podarunkowa e-mailem', price: 0, cod: false, electronic: true },
  ],
  options: { 'strona-glowna-baner': '1', 'strona-glowna-produkty': '1' },
};

/**
 * The club's legal pages as a real shop has them: a full regulamin with the withdrawal section
 * (ustawa o prawach konsumenta), the privacy policy naming the recipients of buyers' data (PayU,
 * InPost and the other carriers) and the accessibility statement. They name the seller's legal
 * data where the club has it, the club's name otherwise.
 */
export type SeedPage = {
  slug: string;
  title: string;
  meta: string;
  content: string;
  params?: { key: string; value: string }[];
};

export const legalPages = (org: SeedOrg): SeedPage[] => {
  // Placeholders, filled from the seller's data when the page is read (lib/seller.ts): the data
  // changes in one place, the panel's 'Dane sprzedawcy'.
  const seller = '{{sprzedawca}}';
  const email = '{{email}}';
  const phone = org.seller?.phone ? ', tel. {{telefon}}' : '';
  const address = '{{adres-reklamacji}}';
  const guests = org.options['zakupy-bez-logowania'] === '1';
  return [
    {
      slug: 'regulamin',
      title: 'Regulamin sklepu',
      meta: `Regulamin sklepu internetowego ${org.name}.`,
      content: [
        '<h2>§1 Postanowienia ogólne</h2>',
        `<p>Sklep internetowy prowadzi ${seller} (dalej: Sprzedawca). Kontakt: e-mail <a href="mailto:${email}">${email}</a>${phone}.</p>`,
        '<p>Regulamin określa zasady zawierania umów sprzedaży przez sklep internetowy, w tym prawa konsumentów i przedsiębiorców na prawach konsumenta (osób zawierających umowę bezpośrednio związaną z działalnością gospodarczą, gdy nie ma ona dla nich charakteru zawodowego).</p>',
        '<h2>§2 Zamówienia</h2>',
        `<ol><li>Zamówienia przyjmujemy przez całą dobę. ${guests ? 'Zamówienie można złożyć po zalogowaniu albo bez zakładania konta.' : 'Do złożenia zamówienia potrzebne jest konto klienta.'}</li>` +
          '<li>Aby złożyć zamówienie, dodaj produkty do koszyka, podaj adres dostawy, wybierz sposób dostawy i płatności, zaakceptuj regulamin i kliknij „Zamawiam i płacę”.</li><li>Umowa sprzedaży zostaje zawarta z chwilą złożenia zamówienia. Potwierdzenie zamówienia z treścią umowy, informacją o prawie odstąpienia i wzorem formularza odstąpienia wysyłamy e-mailem.</li></ol>',
        '<h2>§3 Ceny i płatności</h2>',
        '<ol><li>Ceny podane są w złotych polskich i zawierają podatek VAT. Koszt dostawy jest podany przed złożeniem zamówienia.</li><li>Przy obniżce ceny podajemy także najniższą cenę produktu z 30 dni przed obniżką.</li><li>Płatność: online przez PayU (przelew, BLIK, karta) albo przy odbiorze, gdy wybrany sposób dostawy na to pozwala. Zamówienie opłacane online czeka na płatność 60 minut.</li></ol>',
        '<h2>§4 Dostawa</h2>',
        '<p>Wysyłamy w ciągu 2 dni roboczych od zaksięgowania płatności lub od złożenia zamówienia za pobraniem: kurierem DPD, do Paczkomatu InPost, przez Pocztę Polską albo do odbioru osobistego w sklepie klubowym. Bilety elektroniczne wysyłamy e-mailem.</p>',
        '<h2>§5 Prawo odstąpienia od umowy</h2>',
        '<ol>',
        '<li>Konsument może odstąpić od umowy zawartej na odległość w terminie 14 dni bez podania przyczyny. Termin biegnie od dnia, w którym konsument lub wskazana przez niego osoba trzecia inna niż przewoźnik weszła w posiadanie rzeczy.</li>',
        `<li>Aby odstąpić od umowy, wystarczy przed upływem terminu wysłać jednoznaczne oświadczenie na adres ${address} lub e-mailem na <a href="mailto:${email}">${email}</a>. Można skorzystać ze wzoru formularza odstąpienia od umowy (załącznik nr 2 do ustawy o prawach konsumenta), który dołączamy do e-maila z potwierdzeniem zamówienia; nie jest to obowiązkowe.</li>`,
        '<li>Zwracamy wszystkie płatności, w tym koszt dostawy (do wysokości najtańszego zwykłego sposobu dostawy), nie później niż w 14 dni od otrzymania oświadczenia, tym samym sposobem płatności. Możemy wstrzymać zwrot do otrzymania rzeczy lub dowodu jej odesłania.</li>',
        '<li>Rzecz należy odesłać w ciągu 14 dni od odstąpienia; bezpośredni koszt odesłania ponosi konsument. Konsument odpowiada za zmniejszenie wartości rzeczy wynikające z korzystania z niej w sposób inny niż konieczny do stwierdzenia jej charakteru, cech i funkcjonowania.</li>',
        '<li>Prawo odstąpienia nie przysługuje m.in. w przypadku biletów i karnetów na wydarzenia sportowe lub rozrywkowe, jeżeli w umowie oznaczono dzień lub okres wydarzenia (art. 38 ust. 1 pkt 12 ustawy o prawach konsumenta), oraz rzeczy wyprodukowanych według specyfikacji konsumenta, np. koszulek z nadrukiem nazwiska (art. 38 ust. 1 pkt 3).</li>',
        '</ol>',
        '<h2>§6 Reklamacje</h2>',
        `<p>Sprzedawca odpowiada za zgodność towaru z umową przez 2 lata od jego wydania. Reklamację można złożyć e-mailem na <a href="mailto:${email}">${email}</a> lub pisemnie na adres ${address}, opisując niezgodność i żądanie (naprawa, wymiana, obniżenie ceny lub odstąpienie od umowy). Odpowiadamy w ciągu 14 dni.</p>`,
        '<h2>§7 Pozasądowe rozwiązywanie sporów</h2>',
        '<p>Konsument może skorzystać z pomocy miejskiego lub powiatowego rzecznika konsumentów, wojewódzkiego inspektoratu Inspekcji Handlowej oraz organizacji konsumenckich. Informacje: <a href="https://prawakonsumenta.uokik.gov.pl/">prawakonsumenta.uokik.gov.pl</a>.</p>',
        '<h2>§8 Dane osobowe</h2>',
        '<p>Zasady przetwarzania danych opisuje <a href="/polityka-prywatnosci">polityka prywatności</a>.</p>',
        '<h2>§9 Postanowienia końcowe</h2>',
        '<p>Regulamin obowiązuje od 1 listopada 2026 r. Zmiany regulaminu nie dotyczą zamówień złożonych przed ich wejściem w życie. W sprawach nieuregulowanych stosuje się przepisy prawa polskiego, w szczególności Kodeksu cywilnego i ustawy o prawach konsumenta.</p>',
      ].join(''),
    },
    {
      slug: 'polityka-prywatnosci',
      title: 'Polityka prywatności',
      meta: `Jak ${org.name} przetwarza Twoje dane osobowe: cele, podstawy, odbiorcy (PayU, InPost), Twoje prawa.`,
      content: [
        '<h2>Administrator</h2>',
        `<p>Administratorem Twoich danych osobowych jest ${seller}. Kontakt w sprawie danych: <a href="mailto:${email}">${email}</a>.</p>`,
        '<h2>Cele i podstawy przetwarzania</h2>',
        '<ul><li>realizacja zamówienia i umowy sprzedaży, obsługa konta (art. 6 ust. 1 lit. b RODO);</li><li>rozliczenia i przechowywanie dokumentów księgowych przez 5 lat (art. 6 ust. 1 lit. c RODO);</li><li>obsługa reklamacji, odpowiedzi na wiadomości z formularza kontaktowego i dochodzenie roszczeń (art. 6 ust. 1 lit. f RODO).</li></ul>',
        '<h2>Odbiorcy danych</h2>',
        '<ul><li>PayU S.A., ul. Grunwaldzka 186, 60-166 Poznań – obsługa płatności online (imię, nazwisko, e-mail, telefon, kwota i numer zamówienia);</li><li>InPost sp. z o.o., ul. Pana Tadeusza 4, 30-727 Kraków – dostawa do Paczkomatu (imię i nazwisko, telefon, e-mail, numer Paczkomatu);</li><li>DPD Polska sp. z o.o. i Poczta Polska S.A. – dostawa kurierska i pocztowa (imię i nazwisko, adres, telefon);</li><li>dostawca hostingu i poczty e-mail oraz biuro rachunkowe – na podstawie umów powierzenia.</li></ul>',
        '<p>Nie przekazujemy danych poza Europejski Obszar Gospodarczy i nie podejmujemy wobec Ciebie decyzji w sposób zautomatyzowany.</p>',
        '<h2>Okres przechowywania</h2>',
        '<p>Dane zamówień przechowujemy przez okres wymagany przepisami podatkowymi (5 lat od końca roku), dane konta do jego usunięcia, wiadomości z formularza kontaktowego do 1 roku.</p>',
        '<h2>Twoje prawa</h2>',
        '<p>Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przenoszenia oraz sprzeciwu. Możesz wnieść skargę do Prezesa Urzędu Ochrony Danych Osobowych (ul. Stawki 2, 00-193 Warszawa). Podanie danych jest dobrowolne, ale niezbędne do realizacji zamówienia.</p>',
        '<h2>Pliki cookie i pamięć przeglądarki</h2>',
        '<p>Sklep używa wyłącznie niezbędnych plików cookie (ochrona formularzy) i pamięci przeglądarki (koszyk, sesja logowania). Nie używamy plików cookie reklamowych ani analitycznych.</p>',
      ].join(''),
    },
    {
      slug: 'deklaracja-dostepnosci',
      title: 'Deklaracja dostępności',
      meta: `Deklaracja dostępności sklepu internetowego ${org.name}: zgodność z WCAG 2.1 AA, ograniczenia, kontakt.`,
      content: [
        `<p>${org.name} zobowiązuje się zapewnić dostępność swojego sklepu internetowego zgodnie z ustawą z dnia 26 kwietnia 2024 r. o zapewnianiu spełniania wymagań dostępności przez niektóre produkty i usługi (Europejski akt o dostępności).</p>`,
        '<h2>Stan dostępności</h2>',
        '<p>Sklep jest zgodny ze standardem WCAG 2.1 na poziomie AA (norma EN 301 549). Data publikacji sklepu: 1 listopada 2026 r. Data ostatniej aktualizacji deklaracji: 23 listopada 2026 r.</p>',
        '<ul><li>wszystkie funkcje sklepu, w tym koszyk i składanie zamówienia, można obsłużyć samą klawiaturą;</li><li>strony działają na telefonach i przy powiększeniu tekstu do 200%;</li><li>zdjęcia produktów mają opisy alternatywne, a formularze – etykiety i czytelne komunikaty błędów;</li><li>kontrast tekstu spełnia wymagania poziomu AA.</li></ul>',
        '<h2>Ograniczenia</h2>',
        '<p>Treści dodane przez klub w edytorze (np. opisy produktów, aktualności) mogą zawierać zdjęcia bez opisów lub pliki niedostępne cyfrowo. Mapa w zakładce Kontakt pochodzi z serwisu OpenStreetMap; adres podajemy także tekstem.</p>',
        '<h2>Sposób przygotowania deklaracji</h2>',
        '<p>Deklarację sporządzono na podstawie samooceny: automatycznych testów (axe) każdej strony sklepu na komputerze i telefonie oraz testów obsługi klawiaturą i czytnikiem ekranu.</p>',
        '<h2>Informacje zwrotne i kontakt</h2>',
        `<p>Jeśli zauważysz problem z dostępnością albo potrzebujesz informacji w innej formie, napisz na <a href="mailto:${email}">${email}</a>${phone}. Odpowiemy w ciągu 7 dni.</p>`,
        '<p>Jeśli odpowiedź Cię nie zadowoli, możesz zgłosić skargę do organu nadzoru: Prezesa Zarządu Państwowego Funduszu Rehabilitacji Osób Niepełnosprawnych (PFRON), al. Jana Pawła II 13, 00-828 Warszawa.</p>',
      ].join(''),
    },
  ];
};
