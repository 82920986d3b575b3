import { badRequest } from './http-error.ts';

/**
 * Checks a new order of siblings: it must name each of them exactly once, or `message` is the
 * 400's (on `Kolejnosc`). Returns the order before and whether anything is to be written (also
 * when the stored positions have gaps).
 */
export const checkNewOrder = (
  siblings: { id: number; position: number }[],
  order: number[],
  message: string,
): { before: number[]; changed: boolean } => {
  const want = new Set(order);
  if (want.size !== order.length || want.size !== siblings.length || !siblings.every((r) => want.has(r.id)))
    throw badRequest(message, { Kolejnosc: message });
  const before = siblings.map((r) => r.id);
  return { before, changed: before.join() !== order.join() || siblings.some((r, i) => r.position !== i) };
};
