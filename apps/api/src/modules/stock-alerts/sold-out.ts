/**
 * Whether a variant (or a product without variants) is sold out, so "Powiadom mnie" is offered
 * and a sign-up accepted. The one place to extend (a pre-order variant is not sold out).
 */
export const isSoldOutRow = (row: { stock: number }): boolean => row.stock <= 0;
