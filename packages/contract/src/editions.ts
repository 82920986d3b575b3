// A numbered edition: each piece sold gets the next number of its product (decision 145).

/** An order line's edition numbers as mails, the panel, the account and the packing slip show them. */
export const editionNumbersLabel = (from: number, to: number): string =>
  from === to ? `egzemplarz nr ${from}` : `egzemplarze nr ${from}–${to}`;

/** A line's name with its edition numbers, when it has them. */
export const withEditionNumbers = (
  name: string,
  edition: { from: number | null; to: number | null } | null | undefined,
): string =>
  edition?.from != null && edition.to != null
    ? `${name} (${editionNumbersLabel(edition.from, edition.to)})`
    : name;
