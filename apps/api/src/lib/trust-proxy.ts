import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/**
 * Fastify's `trustProxy` from `TRUST_PROXY`. A hop count trusts that many proxies in front of the
 * shop whatever their address (as Express does); Fastify itself reads a number as "trust none",
 * so it is passed as a function. Use a count only when the shop's port is reachable through the
 * proxies alone; otherwise list their addresses.
 */
export const trustProxyOption = (trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
