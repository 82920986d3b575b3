import { loadConfig } from './config.ts';
import { startShop } from './main.ts';
import { mountWeb } from './web.ts';

const config = loadConfig();
const { app } = await startShop(config);
await mountWeb(app);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Sklep działa: ${config.publicUrl}`);
