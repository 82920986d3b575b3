/** Name-and-number printing on the product page (decision 143); the preview's texts load with it. */
export const printingUi = {
  open: 'Dodaj nadruk: nazwisko i numer',
  name: 'Nazwisko',
  number: 'Numer (1–99)',
  player: 'albo zawodnik z kadry',
  none: '— własny nadruk —',
  noReturn: 'Produktu z nadrukiem nie można zwrócić (art. 38 pkt 3 ustawy o prawach konsumenta).',
  inCart: 'w tym nadruk',
} as const;
