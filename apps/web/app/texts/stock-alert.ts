/**
 * The texts of "Powiadom mnie" (decision 146): sent by the product page's loader rather than
 * bundled, so the product page's JavaScript does not grow; the unsubscribe page imports them.
 */
export const stockAlertTexts = {
  heading: 'Powiadom mnie, gdy wróci',
  intro: 'Tego nie ma teraz w sprzedaży. Zostaw adres e-mail, a napiszemy, gdy wróci.',
  variant: 'Wariant',
  chooseVariant: 'Wybierz wariant',
  email: 'Adres e-mail',
  consent:
    'Zgadzam się, aby sklep użył tego adresu tylko do wysłania jednej wiadomości o powrocie tego produktu. Potem adres nie będzie już używany.',
  privacy: 'Zasady przetwarzania danych: polityka prywatności',
  submit: 'Powiadom mnie',
  sending: 'Zapisywanie…',
  unsubscribeLink: 'Rezygnuję z powiadomienia',
} as const;
export type StockAlertTexts = typeof stockAlertTexts;

/** The unsubscribe page's (`/powiadomienie/:token`). */
export const unsubscribeTexts = {
  pageTitle: 'Powiadomienie o dostępności',
  waiting: (what: string) => `Czekasz na powiadomienie o powrocie: ${what}.`,
  sent: (what: string) =>
    `Powiadomienie o powrocie produktu ${what} zostało już wysłane; nie wyślemy kolejnego.`,
  withdrawn: (what: string) => `Ten adres nie czeka już na powiadomienie o produkcie ${what}.`,
  confirm: 'Wypisz mnie z tego powiadomienia',
  backToShop: 'Wróć do sklepu',
} as const;
