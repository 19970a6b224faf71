import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { addTool, addToolByPiece, onPostgres, startTestShop, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { LISTEN_APPLICATION_NAME, listenRetryDelay } from './client';

describe('the wait before listening again', () => {
  it('starts at a tenth of a second and doubles up to ten seconds, half of it left to chance', () => {
    const ceilings = [0, 1, 2, 3, 6, 7, 8, 40, 2000].map((failures) => listenRetryDelay(failures, () => 1));
    expect(ceilings).toEqual([100, 200, 400, 800, 6400, 10_000, 10_000, 10_000, 10_000]);
    expect(listenRetryDelay(0, () => 0)).toBe(50);
    expect(listenRetryDelay(9, () => 0)).toBe(5000);
    expect(listenRetryDelay(3, () => 0.5)).toBe(600);
  });
});

/**
 * Two instances on one PostgreSQL database. Instance A logs in as a role of its own, so the
 * database can refuse A's new connections (its reconnections fail) while B carries on; A's
 * LISTEN connection is ended from the server side, as a restart or a network cut would.
 */
describe.skipIf(!onPostgres())('an instance that loses its LISTEN connection', () => {
  let a: TestShop;
  let b: TestShop;
  let aUrl = '';
  let admin: pg.Client;
  const role = `kanna_listen_${Math.random().toString(36).slice(2, 10)}`;
  let warn: MockInstance;
  let info: MockInstance;

  beforeAll(async () => {
    b = await startTestShop();
    admin = new pg.Client({ connectionString: b.databaseUrl });
    await admin.connect();
    await admin.query(`create role ${role} login superuser`);
    const url = new URL(b.databaseUrl ?? '');
    url.username = role;
    // Instances behind one address share the signing secret.
    a = await startTestShop({ databaseUrl: url.toString(), env: { AUTH_SECRET: b.config.authSecret } });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    aUrl = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    warn = vi.spyOn(a.app.log, 'warn');
    info = vi.spyOn(a.app.log, 'info');
  });
  // A test that failed while A's connections were refused leaves none refused for the next.
  afterEach(() => refuseConnections(false));
  afterAll(async () => {
    await a?.close();
    await admin?.query(`drop role if exists ${role}`);
    await admin?.end();
    await b?.close();
  });

  const logged = (spy: MockInstance, text: string) =>
    spy.mock.calls.filter((c) => String(c[1]).includes(text));
  const health = async () =>
    (await a.app.inject('/api/health')).json() as { status: string; listening: boolean };
  /** A's LISTEN backends, as the database lists them once they listen (none while it is down). */
  const listenerPids = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where usename = $1 and application_name = $2 and query ilike 'listen%'",
        [role, LISTEN_APPLICATION_NAME],
      )
    ).rows.map((r) => r.pid);
  /** Ends A's LISTEN backend (one not among `before`, those already ended) from the server's side. */
  const killListener = async (before: number[] = []) => {
    const pids = (await listenerPids()).filter((pid) => !before.includes(pid));
    expect(pids).toHaveLength(1);
    const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [
      pids[0],
    ]);
    expect(rows[0]?.ended).toBe(true);
    return pids[0] as number;
  };
  const refuseConnections = (refuse: boolean) =>
    admin.query(`alter role ${role} ${refuse ? 'nologin' : 'login'}`);
  /**
   * Opens A's pool connections ahead, and health's own (decision 0081), since none can be opened
   * while they are refused.
   */
  const warmPool = () =>
    Promise.all([
      ...Array.from({ length: 10 }, () => a.database.db.execute(sql`select pg_sleep(0.02)`)),
      health(),
    ]);
  /**
   * A listens on a new connection: the database lists one not among `killed` (so A noticed the
   * loss), and only then A says it listens (so that is not what it said before noticing).
   */
  const listeningAgain = (killed: number[]) =>
    vi.waitFor(
      async () => {
        expect((await listenerPids()).filter((pid) => !killed.includes(pid))).toHaveLength(1);
        expect(await health()).toMatchObject({ status: 'ok', listening: true });
      },
      { timeout: 20_000, interval: 20 },
    );
  const notListening = () =>
    vi.waitFor(
      async () =>
        expect(await health()).toEqual({ status: 'degraded', database: 'postgres', listening: false }),
      {
        timeout: 5000,
        interval: 10,
      },
    );
  /** The failed attempts to listen again since the last `mockClear`, at least `n`. */
  const failedAttempts = (n: number) =>
    vi.waitFor(() => expect(logged(warn, 'could not listen').length).toBeGreaterThanOrEqual(n), {
      timeout: 10_000,
      interval: 10,
    });
  /** The tool's name as A's real HTTP server answers it (cached, then replayed before Fastify). */
  const nameOnA = async (id: string) =>
    ((await (await fetch(`${aUrl}/api/handTools/${id}`)).json()) as { productName: string }).productName;

  it('serves what another instance changed during the gap, and hears it again after, through repeated losses', async () => {
    const tool = await addToolByPiece(b, 'Plane 0', { available: 50, priceCents: 1200 });
    let name = 'Plane 0';
    for (let round = 1; round <= 6; round++) {
      // Odd rounds: the database refuses A's new connections for a while, so attempts fail.
      const refused = round % 2 === 1;
      expect(await nameOnA(tool._id)).toBe(name);
      expect(await nameOnA(tool._id)).toBe(name);
      warn.mockClear();
      info.mockClear();
      if (refused) {
        await warmPool();
        await refuseConnections(true);
      }
      const killed = await killListener();
      if (refused) {
        await notListening();
        await failedAttempts(2);
      }
      // Read during the gap, then changed on B: A hears nothing of it.
      expect(await nameOnA(tool._id)).toBe(name);
      name = `Plane ${round}`;
      await b.services.catalog.update(tool._id, { productName: name }, 'Admin');
      if (refused) {
        expect(await nameOnA(tool._id)).toBe(name);
        expect(await nameOnA(tool._id)).toBe(name);
        await refuseConnections(false);
      }
      await listeningAgain([killed]);
      expect(await nameOnA(tool._id)).toBe(name);
      expect(await nameOnA(tool._id)).toBe(name);
      expect(logged(warn, 'lost the connection')).toHaveLength(1);
      await vi.waitFor(() => expect(logged(info, 'listening for changes again')).toHaveLength(1));
      // Listening for real: a change on B now reaches A's cache through a notice.
      name = `Plane ${round} heard`;
      await b.services.catalog.update(tool._id, { productName: name }, 'Admin');
      await vi.waitFor(async () => expect(await nameOnA(tool._id)).toBe(name), {
        timeout: 5000,
        interval: 10,
      });
    }
  });

  it('refuses a session signed out on another instance during the gap, at once and after', async () => {
    const onA = new Client(a.app, a.config.publicUrl, '10.9.0.1');
    await onA.signUp('Kiri', 'kiri@kanna.example');
    const me = () => onA.get('/api/users/kiri@kanna.example');
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    await warmPool();
    await refuseConnections(true);
    const killed = await killListener();
    await notListening();
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const onB = new Client(b.app, b.config.publicUrl, '10.9.0.2');
    onB.cookies = new Map(onA.cookies);
    expect((await onB.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    await refuseConnections(false);
    await listeningAgain([killed]);
    expect((await me()).statusCode).toBe(401);
  });

  it('listens again after losses in quick succession, each as soon as it listened', async () => {
    const killed: number[] = [];
    for (let i = 0; i < 8; i++) {
      await vi.waitFor(
        async () => expect((await listenerPids()).filter((pid) => !killed.includes(pid))).toHaveLength(1),
        { timeout: 20_000, interval: 5 },
      );
      killed.push(await killListener(killed));
    }
    await listeningAgain(killed);
    const tool = await addTool(b, { minQuantity: 1, available: 5, priceCents: 900, productName: 'Saw 0' });
    expect(await nameOnA(tool._id)).toBe('Saw 0');
    expect(await nameOnA(tool._id)).toBe('Saw 0');
    await b.services.catalog.update(tool._id, { productName: 'Saw 1' }, 'Admin');
    await vi.waitFor(async () => expect(await nameOnA(tool._id)).toBe('Saw 1'), {
      timeout: 5000,
      interval: 10,
    });
  });
});
