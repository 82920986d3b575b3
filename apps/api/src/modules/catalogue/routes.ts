import type { FastifyInstance } from 'fastify';

export const catalogueModule = async (_app: FastifyInstance) => {};
