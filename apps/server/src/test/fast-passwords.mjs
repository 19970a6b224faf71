// Password hashing for the API suite only: the same scrypt and the same "salt:key" format as
// Better Auth's own (@better-auth/utils/password), at a work factor a test can afford. Better
// Auth's cost (N=16384, r=16: ~100-200 ms of CPU per sign-up or sign-in on two cores) was a
// large part of the suite. The suite's workers load it in place of Better Auth's module through
// register-fast-passwords.mjs (execArgv in apps/server/vitest.config.ts); nothing else does:
// the shop, the journeys and the server processes the tests spawn keep the real cost.
import { randomBytes, scrypt } from 'node:crypto';

const cost = { N: 16, r: 1, p: 1 };

function generateKey(password, salt) {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 64, cost, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password) {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await generateKey(password, salt)).toString('hex')}`;
}

export async function verifyPassword(hash, password) {
  const [salt, key] = hash.split(':');
  if (!salt || !key) throw new Error('Invalid password hash');
  return (await generateKey(password, salt)).toString('hex') === key;
}

/** Module resolution hook: Better Auth's password module is this one. */
export function resolve(specifier, context, nextResolve) {
  if (specifier === '@better-auth/utils/password') return { url: import.meta.url, shortCircuit: true };
  return nextResolve(specifier, context);
}
