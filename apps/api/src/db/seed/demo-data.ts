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
};
export type SeedOrg = {
  alias: string;
  name: string;
  title: string;
  description: string;
  hosts: string[];
  colours: [string, string];
  initials: string;
  shopEmail: string;
  orderPrefix: string;
  categories: { name: string; parent?: string }[];
  products: SeedProduct[];
  shipping: { name: string; price: number; cod: boolean }[];
  options: Record<string, string>;
};

const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const KID = ['116', '128', '140', '152', '164'];

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
  initials: 'MKS',
  shopEmail: 'sklep@sokol-demo.pl',
  orderPrefix: 'ZS',
  categories: [
    { name: 'Odzież' },
    { name: 'Koszulki meczowe', parent: 'Odzież' },
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
    kit('Koszulka meczowa domowa 2026/27', 28999, 40),
    kit('Koszulka meczowa wyjazdowa 2026/27', 28999, 25, { paramStock: [5, 8, 0, 7, 5] }),
    kit('Koszulka meczowa trzecia 2026/27', 27999, 12, { paramStock: [0, 4, 4, 4, 0] }),
    kit('Koszulka bramkarska 2026/27', 26999, 0),
    kit('Koszulka treningowa', 14999, 30),
    kit('Koszulka przedmeczowa', 16999, 8),
    kit('Koszulka retro 1979', 19999, 6, { paramStock: [0, 3, 2, 1, 0] }),
    kit('Koszulka polo klubowa', 15999, 18, { category: 'Koszulki meczowe' }),
    kit('Bluza z kapturem', 22999, 14, { category: 'Bluzy i kurtki' }),
    kit('Bluza rozpinana', 24999, 9, { category: 'Bluzy i kurtki' }),
    kit('Kurtka zimowa', 39999, 5, { category: 'Bluzy i kurtki' }),
    kit('Kurtka przeciwdeszczowa', 29999, 0, { category: 'Bluzy i kurtki' }),
    kit('Dres treningowy', 32999, 7, { category: 'Bluzy i kurtki' }),
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
    },
    {
      name: 'Bilet: mecz ligowy – trybuna za bramką',
      category: 'Bilety',
      price: 3500,
      stock: 150,
      description: 'Bilet na najbliższy mecz ligowy, trybuna za bramką.',
    },
    {
      name: 'Karnet rundy wiosennej',
      category: 'Bilety',
      price: 39900,
      stock: 30,
      params: ['Normalny', 'Ulgowy'],
      requiresParam: true,
      description: 'Karnet na wszystkie mecze rundy wiosennej.',
    },
    {
      name: 'Bilet rodzinny',
      category: 'Bilety',
      price: 12000,
      stock: 0,
      description: 'Dwoje dorosłych i dwoje dzieci.',
    },
    {
      name: 'Koszulka meczowa 2025/26 (wyprzedaż)',
      category: 'Wyprzedaż',
      price: 14999,
      stock: 6,
      params: SIZES,
      requiresParam: true,
      description: 'Koszulka z poprzedniego sezonu w obniżonej cenie.',
    },
    {
      name: 'Szalik sezonu 2025/26',
      category: 'Wyprzedaż',
      price: 2999,
      stock: 12,
      description: 'Szalik z poprzedniego sezonu.',
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
  ],
  shipping: [
    { name: 'Kurier DPD', price: 1599, cod: true },
    { name: 'Paczkomat InPost', price: 1399, cod: false },
    { name: 'Poczta Polska', price: 1299, cod: true },
    { name: 'Odbiór osobisty w sklepie klubowym', price: 0, cod: true },
  ],
  options: { 'strona-glowna-baner': '1', 'strona-glowna-produkty': '1', 'zakupy-bez-logowania': '1' },
};

export const rivalOrg: SeedOrg = {
  alias: 'rywal',
  name: 'FC Rywal',
  title: 'Sklep FC Rywal',
  description: 'Sklep kibica FC Rywal.',
  hosts: ['rywal.localhost'],
  colours: ['#8b1e2d', '#ffffff'],
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
  shipping: [{ name: 'Kurier GLS', price: 1899, cod: false }],
  options: { 'strona-glowna-baner': '1', 'strona-glowna-produkty': '1' },
};
