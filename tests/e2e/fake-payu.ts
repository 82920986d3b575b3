// The Playwright run's PayU: the API tests' fake (PayU's OAuth and REST protocol over HTTP), started
// by playwright.config.ts as a web server on a fixed port with the run's credentials from the env.
import { startFakePayu } from '../../apps/api/test/fakes/payu-server.ts';

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (playwright.config.ts sets it)`);
  return v;
};

const payu = await startFakePayu({
  port: Number(need('E2E_PAYU_PORT')),
  posId: need('E2E_PAYU_POS_ID'),
  clientId: need('E2E_PAYU_CLIENT_ID'),
  clientSecret: need('E2E_PAYU_CLIENT_SECRET'),
  secondKey: need('E2E_PAYU_SECOND_KEY'),
});
console.log(`fake PayU on ${payu.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void payu.close().then(() => process.exit(0)));
}
