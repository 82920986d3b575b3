import { orders } from '../../db/schema.ts';

/** The buyer's name, address and contact as the order keeps them (select them together). */
export const buyerColumns = {
  name: orders.name,
  street: orders.street,
  postcode: orders.postcode,
  city: orders.city,
  phone: orders.phone,
  email: orders.email,
};
