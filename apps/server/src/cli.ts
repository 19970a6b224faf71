import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { backupCommand, restoreCommand } from './backup/commands';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { verifyDocuments } from './modules/archive/verify';
import { makeAdminActor } from './modules/users/listed-admins';
import { LoadRefused, seedLoad } from './seed/load';
import { SAMPLE_DATA_KEY, seedSampleData } from './seed/sample-data';

/** The operator's commands: npm run shop -- migrate | seed | make-admin <email> | seed-load … | backup | restore | verify-documents. */
const usage = `Usage: npm run shop -- <command>

Commands:
  migrate              apply database migrations
  seed                 add the sample catalogue and reviews to an empty database, once
                       (and the demo accounts, outside production)
  make-admin <email>   give an existing account the admin role
  seed-load --orders N --users M --tools K [--force]
                       synthetic trade for load tests (an empty database; never with
                       NODE_ENV=production): K tools, M customers sharing one printed
                       password, N orders over the last two years, with lines and reviews
  backup [file]        write the whole shop (pictures included) to one file, while it runs;
                       by default DATA_DIR/backups/kanna-<UTC time>.kbak. On the embedded
                       database the running shop writes it (it also backs itself up daily)
  restore <file>       check a backup whole, then fill an empty DATA_DIR or an empty
                       PostgreSQL database (DATABASE_URL) with it
  verify-documents     check the archive of issued documents: every PDF's hash and the
                       chain binding each to the one before; names each document whose
                       bytes, record or place changed (exit status 1 if any)`;

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return command ? 0 : 1;
  }
  if (
    !['migrate', 'seed', 'make-admin', 'seed-load', 'backup', 'restore', 'verify-documents'].includes(command)
  ) {
    console.error(`Unknown command "${command}".\n\n${usage}`);
    return 1;
  }
  if (command === 'make-admin' && !arg) {
    console.error('make-admin needs the e-mail address of an existing account.');
    return 1;
  }
  if (command === 'seed-load') return seedLoadCommand(argv.slice(1));
  if (command === 'verify-documents') return verifyDocumentsCommand();
  if (command === 'backup') return backupCommand(loadConfig(), arg);
  if (command === 'restore') {
    if (!arg) {
      console.error('restore needs the backup file: npm run shop -- restore <file>');
      return 1;
    }
    return restoreCommand(loadConfig(), arg);
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    console.log(`migrated (${database.kind})`);
    if (command === 'make-admin' && arg) {
      const { app, services } = await buildApp({ ...config, logLevel: 'warn' }, database);
      try {
        const changed = await services.users.promote(arg, makeAdminActor);
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

/** verify-documents: 0 when the archive is as issued, else 1, naming each document that broke it. */
async function verifyDocumentsCommand(): Promise<number> {
  const database = await openDatabase(loadConfig().database);
  try {
    await database.migrate();
    const { checked, broken } = await verifyDocuments(database.db);
    for (const b of broken) console.error(`${b.number}: ${b.why}`);
    console.log(
      broken.length === 0
        ? `${checked} documents checked: the archive is as issued`
        : `${checked} documents checked: ${new Set(broken.map((b) => b.number)).size} changed`,
    );
    return broken.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

/** seed-load: parses its options, refuses production without --force, and reports as it goes. */
async function seedLoadCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      orders: { type: 'string', default: '1000000' },
      users: { type: 'string', default: '50000' },
      tools: { type: 'string', default: '200' },
      force: { type: 'boolean', default: false },
    },
  });
  const count = (name: 'orders' | 'users' | 'tools', min: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) throw new ConfigError(`--${name} must be a whole number ≥ ${min}`);
    return n;
  };
  const options = { orders: count('orders', 0), users: count('users', 1), tools: count('tools', 1) };
  const config = loadConfig();
  if (config.env === 'production' && !values.force) {
    console.error(
      'seed-load writes synthetic customers with a known password: refused with NODE_ENV=production (add --force).',
    );
    return 1;
  }
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    console.log(
      `migrated (${database.kind}); loading ${options.orders} orders, ${options.users} customers, ${options.tools} tools`,
    );
    const loaded = await seedLoad(database, { ...options, force: values.force, log: (l) => console.log(l) });
    console.log(`customers' password: ${loaded.password}`);
    console.log(`heaviest customer: ${loaded.heaviest.email} (${loaded.heaviest.orders} orders)`);
    console.log(
      `loaded ${loaded.orders} orders (${loaded.lines} lines), ${loaded.users} customers, ${loaded.tools} tools, ${loaded.reviews} reviews in ${loaded.seconds.toFixed(1)} s`,
    );
    return 0;
  } catch (err) {
    if (err instanceof LoadRefused) {
      console.error(err.message);
      return 1;
    }
    throw err;
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
