import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { censorSecrets, loggerOptions, serializeError } from './log-safety.ts';

describe('censorSecrets', () => {
  it('censors secret fields at the first three levels, in objects and arrays', () => {
    const value = {
      Haslo: 'a',
      body: { Ticket: 'b', nested: { Password: 'c', deeper: { token: 'd' } } },
      headers: { authorization: 'Bearer e', cookie: 'f', 'x-xsrf-token': 'g', accept: '*/*' },
      items: [{ Guid: 'h' }, 'plain'],
    };
    expect(censorSecrets(value)).toEqual({
      Haslo: '[redacted]',
      body: { Ticket: '[redacted]', nested: { Password: '[redacted]', deeper: { token: 'd' } } },
      headers: {
        authorization: '[redacted]',
        cookie: '[redacted]',
        'x-xsrf-token': '[redacted]',
        accept: '*/*',
      },
      items: [{ Guid: '[redacted]' }, 'plain'],
    });
  });

  it('copies what it censors and leaves the logged objects as they were', () => {
    const headers = Object.assign(Object.create(null), { cookie: 'secret', accept: 'x' });
    const value = { headers, other: { a: 1 } };
    const censored = censorSecrets(value);
    expect(headers.cookie).toBe('secret');
    expect(censored.other).toBe(value.other);
    expect(censored.headers).not.toBe(headers);
  });

  it('returns the same object when nothing is secret, and leaves instances and undefined fields alone', () => {
    const value = { a: { b: [1, 2] }, err: new Error('x'), Haslo: undefined };
    expect(censorSecrets(value)).toBe(value);
  });
});

describe('loggerOptions', () => {
  it("censors every log line, a child's too, keeping the caller's formatters", () => {
    let out = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        out += chunk;
        done();
      },
    });
    const options = loggerOptions('info', {
      level: 'info',
      formatters: { log: (o: Record<string, unknown>) => ({ ...o, seen: true }) },
    }) as pino.LoggerOptions;
    const log = pino(options, stream).child({ reqId: 'req-1' });
    log.info({ body: { NoweHaslo: 'n1' }, headers: { cookie: 't0' } }, 'line');
    const line = JSON.parse(out);
    expect(line).toMatchObject({
      reqId: 'req-1',
      body: { NoweHaslo: '[redacted]' },
      headers: { cookie: '[redacted]' },
      seen: true,
    });
    expect(out).not.toMatch(/t0|n1/);
  });
});

describe('serializeError', () => {
  it('keeps the text of a reason given as a string', () => {
    expect(serializeError('connect ECONNREFUSED 127.0.0.1:6379')).toEqual({
      type: 'string',
      message: 'connect ECONNREFUSED 127.0.0.1:6379',
    });
  });

  it("gives an AggregateError without a message its attempts' reasons, and keeps its code", () => {
    const err = Object.assign(
      new AggregateError([
        new Error('connect ECONNREFUSED ::1:6379'),
        new Error('connect ECONNREFUSED 127.0.0.1:6379'),
      ]),
      { code: 'ECONNREFUSED' },
    );
    expect(serializeError(err)).toMatchObject({
      type: 'AggregateError',
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED ::1:6379; connect ECONNREFUSED 127.0.0.1:6379',
    });
  });
});
