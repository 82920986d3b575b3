import { msg } from '@club/contract';

/**
 * Interface labels every storefront page shows. Spec texts verbatim; server messages come from the
 * contract's `msg`, so every string the user sees lives in one of these two places. Each area's own
 * labels are in `texts/<area>.ts`, so a page's scripts carry only its own area's (decision 24).
 */
export const ui = {
  skipToContent: 'Przejdź do treści',
  loading: 'Wczytywanie…',
  home: 'Strona główna',
  allProducts: 'Wszystkie produkty',
  seeAll: 'Sprawdź wszystkie',
  details: 'Szczegóły',
  notFoundTitle: 'Nie znaleziono strony',
  notFoundText: 'Strona, której szukasz, nie istnieje lub została przeniesiona.',
  errorTitle: msg.genericError,
  errorText: 'Nie udało się wyświetlić tej strony. Spróbuj ponownie za chwilę.',
  // The shop's database is away for a moment (503); the text is msg.databaseUnavailable.
  unavailableTitle: msg.shopUnavailableTitle,
  backHome: 'Wróć do strony głównej',
  copyright: (year: number, shop: string) => `© ${year} ${shop}. Wszelkie prawa zastrzeżone.`,
  // Header, footer and home banner.
  chrome: {
    mainNav: 'Menu główne',
    sideNav: 'Informacje dla klienta',
    footerNav: 'Informacje',
    accountNav: 'Konto',
    myAccount: 'Moje konto',
    logout: 'Wyloguj',
    login: 'Zaloguj',
    cart: 'Koszyk',
    cartWithCount: (n: number) => (n > 0 ? `Koszyk (${n})` : 'Koszyk'),
    menu: 'Menu',
    submenu: (title: string) => `Podmenu: ${title}`,
    newWindow: '(otwiera się w nowym oknie)',
    followUs: 'Obserwuj nas',
    social: (network: string) => `${network} (otwiera się w nowym oknie)`,
    privacy: 'Polityka prywatności',
    giftCardBalance: 'Karta podarunkowa – saldo',
    credit: 'Sklep internetowy dla klubów sportowych',
  },
  banner: {
    label: 'Wyróżnione',
    slide: (n: number, of: number) => `Slajd ${n} z ${of}`,
    slideGroup: (n: number, of: number) => `${n} z ${of}`,
    slides: 'Wybierz slajd',
    previous: 'Poprzedni slajd',
    next: 'Następny slajd',
    pause: 'Zatrzymaj automatyczne przewijanie',
    play: 'Wznów automatyczne przewijanie',
  },
} as const;
