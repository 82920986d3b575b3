import { orders } from '../../db/schema.ts';
import type { DeliveryAddress } from './place-repository.ts';

/** The buyer's name, address and contact as the order keeps them (select them together). */
export const buyerColumns = {
  name: orders.name,
  street: orders.street,
  postcode: orders.postcode,
  city: orders.city,
  phone: orders.phone,
  email: orders.email,
};

/** The buyer's part of an order row, for a message, a payment or a new order made from it. */
export const buyerOf = (o: DeliveryAddress): DeliveryAddress => ({
  name: o.name,
  street: o.street,
  postcode: o.postcode,
  city: o.city,
  phone: o.phone,
  email: o.email,
});
