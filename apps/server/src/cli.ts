import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { SAMPLE_DATA_KEY, seedSampleData } from './seed/sample-data';

/** The operator's commands: npm run shop -- migrate | seed | make-admin <email>. */
const usage = `Usage: npm run shop -- <command>

Commands:
  migrate              apply database migrations
  seed                 add the sample catalogue and reviews to an empty database, once
                       (and the demo accounts, outside production)
  make-admin <email>   give an existing account the admin role`;

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return command ? 0 : 1;
  }
  if (!['migrate', 'seed', 'make-admin'].includes(command)) {
    console.error(`Unknown command "${command}".\n\n${usage}`);
    return 1;
  }
  if (command === 'make-admin' && !arg) {
    console.error('make-admin needs the e-mail address of an existing account.');
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    console.log(`migrated (${database.kind})`);
    if (command === 'make-admin' && arg) {
      const { app, services } = await buildApp({ ...config, logLevel: 'warn' }, database);
      try {
        const changed = await services.users.promote(arg);
        console.log(changed ? `${arg} is now an administrator` : `${arg} was already an administrator`);
        return 0;
      } catch {
        console.error(
          `There is no account with the e-mail ${arg}. Sign up first, then run make-admin again.`,
        );
        return 1;
      } finally {
        await app.close();
      }
    }
    if (command === 'seed') {
      const { app, services } = await buildApp({ ...config, logLevel: 'warn' }, database);
      try {
        const added = await seedSampleData(services, { demoAccounts: config.env !== 'production' });
        console.log(
          added.tools || added.reviews || added.accounts
            ? `added ${added.tools} tools, ${added.reviews} reviews, ${added.accounts} demo accounts`
            : `nothing added: sample data goes into an empty database once (${await services.meta.get(SAMPLE_DATA_KEY)})`,
        );
      } finally {
        await app.close();
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
