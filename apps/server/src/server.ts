import { serveBackupRequests } from './backup/local-control';
import { ConfigError, loadConfig } from './config';
import { makePrivate } from './data-dir';
import { openDatabase } from './db/client';

/**
 * Starts the shop: read config, migrate, seed sample data when asked, serve, close gracefully.
 * The database opens while the rest of the server loads: PGlite reads and compiles its WASM
 * in the background meanwhile (docs/decisions/0016-start-up.md).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const production = config.env === 'production';
  const opening = openDatabase(config.database).then(async (database) => {
    await database.migrate();
    return database;
  });
  opening.catch(() => {}); // reported below, once the modules are loaded
  const [{ buildApp }, { demoAccounts, lockPublishedPasswords }, { seedSampleData }] = await Promise.all([
    import('./app'),
    import('./modules/users/demo-accounts'),
    import('./seed/sample-data'),
  ]);
  const database = await opening;
  const { app, services } = await buildApp(config, database);
  if (config.sampleData) {
    // Demo accounts have published passwords: never in production.
    const added = await seedSampleData(services, { demoAccounts: !production });
    if (added.tools || added.reviews || added.accounts) {
      app.log.info(
        `sample data: added ${added.tools} tools, ${added.reviews} reviews, ${added.accounts} accounts`,
      );
    }
  }
  if (production) {
    for (const email of await lockPublishedPasswords(services.auth)) {
      app.log.warn(
        `the demo account ${email} (added by an older version) still had its published password: it was replaced by a random one and its sessions ended; delete the account in Dashboard → Users, or reset its password`,
      );
    }
  }
  const presentDemoAccounts = [];
  if (!production)
    for (const a of demoAccounts) if (await services.users.exists(a.email)) presentDemoAccounts.push(a);
  if (production && config.paymentMode === 'test') {
    app.log.warn('PAYMENT_MODE=test: card payments are pretend (test cards only), and every page says so');
  }
  if (!config.webDist) app.log.warn('the web app is not built (npm run build): serving the API only');

  let closing = false;
  let backupRequests: { close(): Promise<void> } | null = null;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await backupRequests?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kanna is open at ${config.publicUrl} (database: ${database.kind})`);
  // Files the embedded database wrote while starting (inside the private DATA_DIR) are made
  // private too; after listening, as nothing outside the folder can reach them meanwhile.
  if (config.database.kind === 'pglite') makePrivate(config.dataDir);
  // The embedded database is this process's alone: `npm run shop -- backup` asks it, through a
  // socket in DATA_DIR, to write the backup (decision 0031).
  if (config.database.kind === 'pglite' && config.database.dir)
    backupRequests = await serveBackupRequests(config.dataDir, database, app.log);
  if (!production && config.sampleData && presentDemoAccounts.length) {
    const lines = presentDemoAccounts.map(
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
