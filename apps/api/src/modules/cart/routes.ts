import type { FastifyInstance } from 'fastify';

export const cartModule = async (_app: FastifyInstance) => {};
