import type { FastifyInstance } from 'fastify';

export const ordersModule = async (_app: FastifyInstance) => {};
