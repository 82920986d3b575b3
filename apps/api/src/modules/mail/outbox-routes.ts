import type { FastifyInstance } from 'fastify';

export const devOutboxRoutes = async (_app: FastifyInstance) => {};
