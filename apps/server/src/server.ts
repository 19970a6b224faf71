import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { demoAccounts } from './modules/users/demo-accounts';
import { seedSampleData } from './seed/sample-data';

/** Starts the shop: read config, migrate, seed sample data when asked, serve, close gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  const { app, services } = await buildApp(config, database);
  if (config.sampleData) {
    const added = await seedSampleData(services);
    if (added.tools || added.reviews || added.accounts) {
      app.log.info(
        `sample data: added ${added.tools} tools, ${added.reviews} reviews, ${added.accounts} accounts`,
      );
    }
  }
  if (!config.webDist) app.log.warn('the web app is not built (npm run build): serving the API only');

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kanna is open at ${config.publicUrl} (database: ${database.kind})`);
  if (config.sampleData) {
    const lines = demoAccounts.map(
      (a) => `  ${a.role === 'admin' ? 'admin   ' : 'customer'}  ${a.email}  /  ${a.password}`,
    );
    console.log(
      `\nKanna is open at ${config.publicUrl}\nDemo accounts (sample data):\n${lines.join('\n')}\n`,
    );
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Kanna could not start:', err);
  }
  process.exit(1);
});
