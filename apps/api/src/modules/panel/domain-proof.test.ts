import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './domain-proof.ts';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared, reserved and documentation ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      'localhost',
      'nie-adres',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('accepts public addresses of both families', () => {
    for (const ip of [
      '8.8.8.8',
      '172.32.0.1',
      '193.0.6.139',
      '2a00:1450:4001:80b::200e',
      '2606:4700::1111',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });
});
