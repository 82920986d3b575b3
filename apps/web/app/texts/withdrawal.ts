// Withdrawal from the contract (issue 28): the guest's e-mailed link and the account's action.
export const withdrawalUi = {
  title: 'Odstąpienie od umowy',
  action: 'Odstąp od umowy',
  loading: 'Wczytywanie zamówienia…',
  intro: (number: string, shop: string) =>
    `Zamówienie ${number} w sklepie ${shop}. Wybierz produkty i liczbę sztuk, od których zakupu odstępujesz. Nie musisz podawać przyczyny.`,
  until: (date: string) => `Termin na odstąpienie od umowy mija ${date}.`,
  untilDelivery: 'Termin na odstąpienie od umowy biegnie 14 dni od otrzymania produktów.',
  closed: 'Termin na odstąpienie od tej umowy minął albo zamówienie anulowano.',
  step1: 'Krok 1 z 2: wybierz produkty',
  step2: 'Krok 2 z 2: potwierdź odstąpienie',
  quantity: (name: string) => `Liczba sztuk: ${name}`,
  ordered: (n: number) => `zamówiono ${n} szt.`,
  available: (n: number) => `możesz zwrócić ${n} szt.`,
  allWithdrawn: 'Już objęte odstąpieniem.',
  reason: 'Powód (opcjonalnie)',
  next: 'Dalej',
  back: 'Wróć do wyboru',
  confirm: 'Odstępuję od umowy',
  confirmInfo:
    'Klikając „Odstępuję od umowy”, składasz oświadczenie o odstąpieniu od umowy dla poniższych produktów. Potwierdzenie otrzymasz od razu e-mailem.',
  noneChosen: 'Wybierz co najmniej jeden produkt i liczbę sztuk.',
  doneTitle: 'Otrzymaliśmy Twoje oświadczenie',
  doneText: (when: string) =>
    `Oświadczenie o odstąpieniu od umowy otrzymaliśmy ${when}. Potwierdzenie wysłaliśmy na Twój adres e-mail.`,
  errorTitle: 'Nie można odstąpić od umowy',
  backToShop: 'Wróć do sklepu',
  pieces: (n: number) => `${n} szt.`,
  instead: 'Zamiast zwrotu pieniędzy',
  refund: 'Zwrot pieniędzy',
  exchangeTo: (size: string) => `Wymiana na rozmiar ${size}`,
  exchangeNote: (size: string) => `wymiana na rozmiar ${size}, bez dopłaty`,
  exchangeInfo:
    'Wymiana: wybrany rozmiar wyślemy bez dopłaty i bez kosztów dostawy, gdy otrzymamy odesłany produkt. Jeśli zostanie w tym czasie wyprzedany, zwrócimy pieniądze.',
} as const;
