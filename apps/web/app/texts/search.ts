import { plPlural } from '../lib/plural.ts';

// Product list, product page, added-to-cart dialog, cart.
// Storefront search: the header's box with suggestions and the results page /szukaj.
export const searchUi = {
  label: 'Szukaj produktów',
  placeholder: 'Szukaj produktów…',
  submit: 'Szukaj',
  suggestions: 'Podpowiedzi',
  noSuggestions: 'Brak podpowiedzi',
  suggestionsCount: (n: number) =>
    n === 0
      ? 'Brak podpowiedzi'
      : `${n} ${plPlural(n, 'podpowiedź', 'podpowiedzi', 'podpowiedzi')}, wybierz strzałkami`,
  title: 'Wyszukiwanie',
  resultsFor: (q: string) => `Wyniki wyszukiwania dla „${q}”`,
  found: (n: number) => `Znaleziono ${n} ${plPlural(n, 'produkt', 'produkty', 'produktów')}`,
  nothingFound: 'Nic nie znaleziono.',
  nothingFoundHint: 'Sprawdź pisownię lub przejrzyj',
  allProductsLink: 'wszystkie produkty',
  enterQuery: 'Wpisz nazwę produktu, którego szukasz.',
  results: 'Wyniki wyszukiwania',
  pages: 'Strony wyników',
  previous: 'Poprzednia strona',
  next: 'Następna strona',
  pageOf: (page: number, pages: number) => `Strona ${page} z ${pages}`,
  description: (shop: string) => `Wyszukiwanie produktów w sklepie ${shop}.`,
} as const;
