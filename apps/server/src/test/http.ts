import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** A browser-like client for `app.inject`: keeps cookies and sends our Origin on writes. */
export class Client {
  cookies = new Map<string, string>();
  bearer: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin: string,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    if (options.method && options.method !== 'GET') headers.origin ??= this.origin;
    const res = await this.app.inject({ ...options, headers, remoteAddress: this.ip });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair = '', ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some(
        (a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: object, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload, headers });
  }
  put(url: string, payload?: object) {
    return this.request({ method: 'PUT', url, payload });
  }
  patch(url: string, payload?: object) {
    return this.request({ method: 'PATCH', url, payload });
  }
  delete(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'DELETE', url, headers });
  }

  async signUp(name: string, email: string, password = 'secret123') {
    const res = await this.post('/api/auth/sign-up/email', { name, email, password });
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    return res;
  }
  signIn(email: string, password = 'secret123') {
    return this.post('/api/auth/sign-in/email', { email, password });
  }
}

/**
 * Makes clients of a shop, each from a new address under `net` ('10.22' gives 10.22.0.1,
 * 10.22.0.2, …), so that what a shop limits per address does not add up across a file's tests.
 */
export function clientsFrom(net: string) {
  let ip = 1;
  return (shop: { app: FastifyInstance; config: { publicUrl: string } }) =>
    new Client(shop.app, shop.config.publicUrl, `${net}.${Math.floor(ip / 250)}.${ip++ % 250}`);
}
