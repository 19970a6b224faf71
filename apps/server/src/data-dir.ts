import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (whose write-ahead log carries session tokens that work
 * as bearer tokens), the generated auth secret and the mail outbox (reset links): nobody but
 * the shop's own user may read it. Folders are 0700, files 0600.
 */
export class DataDirError extends Error {}

/** Creates DATA_DIR with its parents when missing and makes it, and all it holds, private. */
export function prepareDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!lstatSync(dir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    makePrivate(dir);
  } catch (err) {
    throw new DataDirError(`DATA_DIR (${dir}) cannot be used: ${reason(err)}`);
  }
}

/**
 * Takes group and other permissions off a folder and everything in it. Fixes installs made
 * before DATA_DIR was private, and the files the embedded database creates: PGlite gives its
 * files mode 666 whatever the process umask says.
 */
export function makePrivate(target: string): void {
  const stat = lstatSync(target, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(target, 0o700);
    for (const name of readdirSync(target)) makePrivate(path.join(target, name));
  } else if (stat.mode & 0o077) {
    chmodSync(target, stat.mode & 0o700);
  }
}

function reason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EEXIST' || code === 'ENOTDIR') return 'it, or a folder above it, is a file, not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied (the shop cannot create or change it)';
  if (code === 'EROFS') return 'the file system is read-only';
  return (err as Error).message;
}
