import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedSampleData } from './seed/sample-data';

/** The operator's commands (DESIGN §3): npm run shop -- migrate | seed | make-admin <email>. */
const usage = `Usage: npm run shop -- <command>

Commands:
  migrate              apply database migrations
  seed                 add the sample catalogue and reviews to an empty database
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
  if (command === 'make-admin') {
    if (!arg) {
      console.error('make-admin needs the e-mail address of an existing account.');
      return 1;
    }
    console.error(
      'make-admin arrives with accounts (sign-up and roles): there are no accounts to promote yet.',
    );
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    console.log(`migrated (${database.kind})`);
    if (command === 'seed') {
      const { app, services } = await buildApp({ ...config, logLevel: 'warn' }, database);
      const added = await seedSampleData(services);
      await app.close();
      console.log(
        added.tools || added.reviews
          ? `added ${added.tools} tools and ${added.reviews} reviews`
          : 'the database already has a catalogue and reviews: nothing added',
      );
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
