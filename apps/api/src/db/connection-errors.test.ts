import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { connectionLoss } from './connection-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('connectionLoss', () => {
  it.each([
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P02'),
    withCode('57P03', 'the database system is starting up'),
    withCode('08006'),
    withCode('ECONNREFUSED'),
    withCode('ECONNRESET'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
  ])('knows a lost database: %s', (error) => {
    expect(connectionLoss(error)).toBeDefined();
  });

  it("looks through Drizzle's wrapper and reports the cause, not the query and its parameters", () => {
    const cause = new Error('Connection terminated unexpectedly');
    const wrapped = new DrizzleQueryError('update users set password_hash = $1', ['secret-hash'], cause);
    expect(connectionLoss(wrapped)).toEqual({ message: 'Connection terminated unexpectedly' });
  });

  it.each([
    withCode('23505', 'duplicate key value'),
    withCode('40001', 'could not serialize access'),
    new Error('Cannot read properties of undefined'),
    undefined,
    'text',
  ])('leaves other errors alone: %s', (error) => {
    expect(connectionLoss(error)).toBeUndefined();
  });
});
