import type { FastifyInstance } from 'fastify';

export const accountsModule = async (_app: FastifyInstance) => {};
