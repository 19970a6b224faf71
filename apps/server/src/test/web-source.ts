import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUpVerified, startTestShop } from './harness';
import { Client } from './http';

/** The public address of a shop started by `startShopRenderingSource`. */
export const SOURCE_ORIGIN = 'https://shop.example';

const web = fileURLToPath(new URL('../../../web/', import.meta.url));

/**
 * A shop serving the web app as its build would, rendered on the server by the web app's own
 * components: its page (index.html) and its server entry (apps/web/src/entry-server.tsx), loaded
 * from source where the build would be (dist-ssr/entry-server.js). What a crawler or a browser
 * without JavaScript gets. `close` removes the stand-in build too.
 */
export async function startShopRenderingSource(env: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'kanna-web-source-'));
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  copyFileSync(path.join(web, 'index.html'), path.join(root, 'dist', 'index.html'));
  const entry = path.join(web, 'src', 'entry-server.tsx');
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), `export * from ${JSON.stringify(entry)};\n`);
  const shop = await startTestShop({
    env: { WEB_DIST: path.join(root, 'dist'), PUBLIC_URL: SOURCE_ORIGIN, ...env },
  });
  return {
    ...shop,
    async close() {
      await shop.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The same shop with `email` as its owner (an administrator), signed up, confirmed and signed in. */
export async function startShopRenderingSourceWithOwner(email: string, ip: string) {
  const shop = await startShopRenderingSource({ ADMIN_EMAILS: email, AUTH_RATE_LIMIT: '1000' });
  const admin = new Client(shop.app, SOURCE_ORIGIN, ip);
  await signUpVerified(shop, admin, 'Owner', email);
  return { shop, admin };
}
