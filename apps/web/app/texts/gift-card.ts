/** Gift cards (decision 154): the balance page, the cart's field and the checkout's lines. */
export const giftCardUi = {
  balanceTitle: 'Karta podarunkowa – sprawdź saldo',
  balanceIntro:
    'Wpisz kod z e-maila z kartą podarunkową, aby sprawdzić, ile środków na niej zostało i do kiedy jest ważna.',
  codeLabel: 'Kod karty podarunkowej',
  codeHint: '16 znaków, np. ABCD-EFGH-JKMN-PQRS',
  check: 'Sprawdź saldo',
  checking: 'Sprawdzanie…',
  resultTitle: (end: string) => `Karta ••••-${end}`,
  state: 'Stan',
  balance: 'Saldo',
  amount: 'Kwota karty',
  validUntil: 'Ważna do',
  toShop: 'Przejdź do produktów',
  // The cart.
  cartLabel: 'Karta podarunkowa',
  apply: 'Zastosuj',
  applying: 'Sprawdzanie…',
  /** The card as the cart names it: only the code's end is known. */
  line: (end: string) => `Karta podarunkowa ••••-${end}`,
  cardBalance: (balance: string, until: string) => `Saldo: ${balance}, ważna do ${until}`,
  remove: 'Usuń kartę',
  applied: (end: string) => `Karta podarunkowa ••••-${end} została dodana.`,
  removed: 'Usunięto kartę podarunkową.',
  // Checkout.
  deliveryNote: 'Karty podarunkowe wysyłamy e-mailem na adres podany w zamówieniu.',
  paidByCard: 'Zamówienie opłaci karta podarunkowa',
  paidByCardNote: 'Nie trzeba nic dopłacać: po złożeniu zamówienia kwotę pobierzemy z karty.',
  toPay: 'Do zapłaty',
} as const;
