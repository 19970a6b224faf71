/**
 * One browser's session with a shop running as its own process: it keeps the cookies it is
 * given, sends the shop's Origin, and comes from the address `nextAddress` gives each request
 * (with TRUST_PROXY=1, so that per-address limits stay out of the way). Redirects are not followed.
 */
export function browserSession(origin: string, nextAddress: () => string) {
  const cookies = new Map<string, string>();
  return async (baseUrl: string, method: string, url: string, body?: object) => {
    const headers: Record<string, string> = { origin, 'x-forwarded-for': nextAddress() };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      if (pair.slice(i + 1)) cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return { res, text: await res.text() };
  };
}
