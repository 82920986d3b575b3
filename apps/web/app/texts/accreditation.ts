// Press accreditation form (sub-page parameter 'akredytacja'), T3.
export const accreditationUi = {
  formTitle: 'Wniosek o akredytację prasową',
  firstName: 'Imię',
  lastName: 'Nazwisko',
  email: 'E-mail',
  phone: 'Telefon',
  outlet: 'Redakcja',
  role: 'Funkcja',
  roleHint: 'np. dziennikarz, fotoreporter, operator kamery',
  event: 'Wydarzenie',
  eventHint: 'np. mecz, którego dotyczy wniosek',
  notes: 'Uwagi',
  send: 'Wyślij wniosek',
  sending: 'Wysyłanie…',
} as const;
