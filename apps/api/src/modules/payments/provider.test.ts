import { describe, expect, it } from 'vitest';
import { transitionFor } from './provider.ts';

const NEW_ORDER = { paymentStatus: 'NEW', status: 10 };

describe('transitionFor: PayU status → payment and order state', () => {
  it('PENDING and WAITING_FOR_CONFIRMATION are recorded; the order stays new', () => {
    expect(transitionFor(NEW_ORDER, 'PENDING')).toEqual({ paymentStatus: 'PENDING' });
    expect(transitionFor({ paymentStatus: 'PENDING', status: 10 }, 'WAITING_FOR_CONFIRMATION')).toEqual({
      paymentStatus: 'WAITING_FOR_CONFIRMATION',
    });
  });

  it('COMPLETED makes a new order "Do realizacji"; an order already moved on keeps its status', () => {
    expect(transitionFor(NEW_ORDER, 'COMPLETED')).toEqual({ paymentStatus: 'COMPLETED', orderStatus: 20 });
    expect(transitionFor({ paymentStatus: 'PENDING', status: 50 }, 'COMPLETED')).toEqual({
      paymentStatus: 'COMPLETED',
    });
  });

  it('CANCELED is only recorded: a new order stays open for a new payment until it expires', () => {
    expect(transitionFor(NEW_ORDER, 'CANCELED')).toEqual({ paymentStatus: 'CANCELED' });
    expect(transitionFor({ paymentStatus: 'PENDING', status: 50 }, 'CANCELED')).toEqual({
      paymentStatus: 'CANCELED',
    });
  });

  it('never moves backwards, never leaves a final state, ignores unknown statuses', () => {
    expect(transitionFor({ paymentStatus: 'WAITING_FOR_CONFIRMATION', status: 10 }, 'PENDING')).toBeNull();
    expect(transitionFor({ paymentStatus: 'PENDING', status: 10 }, 'PENDING')).toBeNull();
    for (const final of ['COMPLETED', 'CANCELED', 'ERROR']) {
      for (const next of ['PENDING', 'WAITING_FOR_CONFIRMATION', 'COMPLETED', 'CANCELED']) {
        expect(transitionFor({ paymentStatus: final, status: 20 }, next)).toBeNull();
      }
    }
    expect(transitionFor(NEW_ORDER, 'REFUNDED')).toBeNull();
    expect(transitionFor(NEW_ORDER, 'NEW')).toBeNull();
  });
});
