/** Semicolons: the separator Polish spreadsheets expect (the comma is the decimal mark). */
const SEP = ';';

/**
 * One CSV cell. A value a spreadsheet would run as a formula (=, +, -, @, or a tab / carriage
 * return that some read as one) gets a leading apostrophe (OWASP's CSV injection advice); a value
 * with the separator, a quote or a line break is quoted, its quotes doubled (RFC 4180).
 */
export const csvCell = (value: string | number | null | undefined): string => {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const csvRow = (cells: (string | number | null | undefined)[]) => cells.map(csvCell).join(SEP);
