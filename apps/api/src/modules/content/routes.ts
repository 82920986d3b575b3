import type { FastifyInstance } from 'fastify';

export const contentModule = async (_app: FastifyInstance) => {};
