import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Db } from '../db/client';
import { BackupRefused, type BackupSummary, writeBackup } from './backup';

/**
 * How `npm run shop -- backup` reaches a shop running on the embedded database (decision 0031).
 * PGlite's files belong to the one process that opened them: a second process must not open
 * them while the shop runs. So the running shop listens on a Unix socket inside DATA_DIR
 * (private to the shop's user, as DATA_DIR is), and the command asks it to write the backup.
 * Its one request, a line of JSON: `{"backup": "/absolute/file"}`; its answer, a line:
 * `{"ok": true, "summary": …}` or `{"ok": false, "message": …}`.
 */
const socketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'shop.sock');

/** Longest path a Unix socket takes on Linux and macOS (sun_path, less the ending zero). */
const MAX_SOCKET_PATH = 103;

type Log = { info(message: string): void; warn(message: string): void };

/** Connects to `file`'s socket: the connection, or null when nothing listens there. */
function connect(file: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(file);
    socket.once('connect', () => resolve(socket));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED' || err.code === 'ENOTSOCK') resolve(null);
      else reject(err);
    });
  });
}

/**
 * Listens for backup requests on DATA_DIR's socket, writing each backup from `database`, one
 * at a time. A socket left by a shop that was killed is replaced; one that answers belongs to
 * another shop on the same DATA_DIR, and is left alone (logged). Null when not listening.
 */
export async function serveBackupRequests(
  dataDir: string,
  database: Db,
  log: Log,
): Promise<{ close(): Promise<void> } | null> {
  const file = socketPath(dataDir);
  if (file.length > MAX_SOCKET_PATH) {
    log.warn(
      `DATA_DIR's path is too long for the backup socket (${file}): npm run shop -- backup cannot reach this shop; the daily backups go on`,
    );
    return null;
  }
  const other = await connect(file);
  if (other) {
    other.destroy();
    log.warn(`another shop answers on ${file}: is a second shop running on this DATA_DIR?`);
    return null;
  }
  rmSync(file, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((conn) => {
    let input = '';
    conn.setEncoding('utf8');
    conn.on('error', () => {});
    conn.on('data', (chunk: string) => {
      input += chunk;
      if (input.length > 8192) conn.destroy();
      const end = input.indexOf('\n');
      if (end < 0) return;
      const answer = (body: object) => conn.end(`${JSON.stringify(body)}\n`);
      let target: unknown;
      try {
        target = (JSON.parse(input.slice(0, end)) as { backup?: unknown }).backup;
      } catch {
        target = undefined;
      }
      if (typeof target !== 'string' || !path.isAbsolute(target)) {
        answer({ ok: false, message: 'the request names no backup file (an absolute path)' });
        return;
      }
      const run = queue.then(() => writeBackup(database, target));
      queue = run.catch(() => {});
      run.then(
        (summary) => {
          log.info(`backup written on request: ${summary.file} (${summary.bytes} bytes)`);
          answer({ ok: true, summary });
        },
        (err: Error) => answer({ ok: false, message: err.message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(file, { force: true });
    },
  };
}

/**
 * The socket a shop on `dataDir` listens on. When DATA_DIR's path is too long for one, no shop
 * listens, and the command cannot tell whether a shop runs there: it refuses rather than open
 * a database a running shop may hold.
 */
function shopSocket(dataDir: string): string {
  const file = socketPath(dataDir);
  if (file.length > MAX_SOCKET_PATH) {
    throw new BackupRefused(
      `DATA_DIR's path is too long for the shop's backup socket (${file}), so this command cannot tell whether the shop is running and will not open its database. Use a DATA_DIR with a shorter path; meanwhile the shop's daily backups in DATA_DIR/backups go on.`,
    );
  }
  return file;
}

/** True when a shop is serving on this DATA_DIR (its socket answers). */
export async function shopIsRunning(dataDir: string): Promise<boolean> {
  const socket = await connect(shopSocket(dataDir));
  socket?.destroy();
  return socket !== null;
}

/**
 * Asks the shop running on `dataDir` to write a backup to `file` (absolute): its summary, or
 * null when no shop answers there. Refuses (BackupRefused) with the shop's message when the
 * shop could not write it.
 */
export async function askShopForBackup(dataDir: string, file: string): Promise<BackupSummary | null> {
  const socket = await connect(shopSocket(dataDir));
  if (!socket) return null;
  socket.setEncoding('utf8');
  socket.write(`${JSON.stringify({ backup: path.resolve(file) })}\n`);
  let reply = '';
  for await (const chunk of socket) reply += chunk;
  let answer: { ok?: boolean; summary?: BackupSummary; message?: string };
  try {
    answer = JSON.parse(reply);
  } catch {
    throw new BackupRefused('The running shop did not answer the backup request (did it stop meanwhile?).');
  }
  if (!answer.ok || !answer.summary)
    throw new BackupRefused(
      `The running shop could not write the backup: ${answer.message ?? 'no reason given'}.`,
    );
  return answer.summary;
}
