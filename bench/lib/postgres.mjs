// A throwaway PostgreSQL database for a benchmark, on BENCH_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped when the benchmark is done.
import pg from 'pg';

/** Creates a database named `<prefix>_<time>`: resolves to its URL and `drop()`. */
export async function throwawayDatabase(prefix) {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
