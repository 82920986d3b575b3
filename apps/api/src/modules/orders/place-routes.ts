import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import { placeOrder } from './place-service.ts';

/** `zlozZamowienie`. Order e-mails go out after the answer; closing the app waits for them. */
export const placeOrderRoutes = (app: FastifyInstance) => {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  route(app, 'placeOrder', async (request) =>
    placeOrder(app, request as unknown as FastifyRequest, request.body, (task) => {
      pending.add(task);
      void task.finally(() => pending.delete(task));
    }),
  );
};
