import type { FastifyInstance } from 'fastify';

export const mediaModule = async (_app: FastifyInstance) => {};
