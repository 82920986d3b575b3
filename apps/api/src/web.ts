import type { FastifyInstance } from 'fastify';

/** Serves the storefront (React Router SSR build) from the same process; filled in by the web module. */
export const mountWeb = async (_app: FastifyInstance) => {};
