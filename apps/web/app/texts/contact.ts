// CMS sub-pages and the contact page.
export const contactUi = {
  detailsTitle: 'Dane kontaktowe',
  formTitle: 'Napisz do nas',
  requiredNote: 'Pola oznaczone * są wymagane.',
  firstName: 'Imię',
  lastName: 'Nazwisko',
  email: 'E-mail',
  phone: 'Telefon',
  message: 'Wiadomość',
  send: 'Wyślij wiadomość',
  sending: 'Wysyłanie…',
  mapTitle: 'Mapa dojazdu',
  mapLink: 'Otwórz mapę w nowej karcie',
} as const;
