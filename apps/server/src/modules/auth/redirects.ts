/**
 * Where the shop may send a browser. A page to return to (`callbackURL`, `redirectTo`, …) is a
 * path of this shop written plainly; every `Location` the shop answers with is resolved the way
 * a browser resolves it, against PUBLIC_URL, and replaced by the home page when it would leave
 * the site. Browsers read `//host`, `/\host` and paths that collapse to them (`/.//host`,
 * `/x/..//host`, `/%2e//host`) as another site.
 */

/** The names a client gives Better Auth for where to go afterwards. */
export const returnFields = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

/**
 * Whether `path` is a page of this shop written plainly: one absolute path, with no `//`, no
 * backslash, no `.` or `..` segment (percent-encoded or not) and no control character.
 */
function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || /[\\\p{Cc}]/u.test(path)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (/[\\\p{Cc}]/u.test(decoded) || decoded.includes('//')) return false;
  return !decoded.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * Whether a page to return to may be taken: a plain path of this shop (its query and fragment
 * are free), or the same on one of the trusted origins written in full.
 */
export function isReturnAddress(value: string, trustedOrigins: readonly string[]): boolean {
  if (value.startsWith('/')) return isPlainPath(value.split(/[?#]/, 1)[0] ?? '');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const path = value.slice(url.origin.length).split(/[?#]/, 1)[0] || '/';
  return trustedOrigins.includes(url.origin) && value.startsWith(url.origin) && isPlainPath(path);
}

/**
 * The `Location` to answer with instead of `location`: on PUBLIC_URL's origin, the path as the
 * browser would resolve it (the home page if that path starts with `//`); an address on one of
 * `otherOrigins` (the loopback twin, an identity provider) as it is; anything else, `/`.
 */
export function siteLocation(location: string, publicUrl: string, otherOrigins: readonly string[]): string {
  let target: URL;
  try {
    target = new URL(location, `${publicUrl}/`);
  } catch {
    return '/';
  }
  if (target.origin === new URL(publicUrl).origin) {
    return target.pathname.startsWith('//') ? '/' : `${target.pathname}${target.search}${target.hash}`;
  }
  return otherOrigins.includes(target.origin) ? target.href : '/';
}
