/** The database error `error` is (or was caused by), when it is one: its SQLSTATE code, constraint and message. */
export function databaseError(
  error: unknown,
): { code?: string; constraint?: string; message?: string } | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as { code: string };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether `error` is a unique violation (23505) of the index or constraint `name`. */
export function violates(error: unknown, name: string): boolean {
  const found = databaseError(error);
  return found?.code === '23505' && `${found.constraint ?? ''} ${found.message ?? ''}`.includes(name);
}
