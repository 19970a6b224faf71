import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = `/tmp/kanna-config-${process.pid}`;

describe('configuration', () => {
  it('runs a full shop on defaults: PGlite in DATA_DIR, sample data on, test-mode everything', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dir: `${dir}/db` });
    expect(config.sampleData).toBe(true);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret); // kept across restarts
  });

  it('switches to PostgreSQL with DATABASE_URL, where sample data is off unless asked', () => {
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h:5432/shop' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/shop' });
    expect(config.sampleData).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/s', SAMPLE_DATA: 'on' }).sampleData,
    ).toBe(true);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
    }
  });

  it('takes an smtp:// or smtps:// SMTP_URL and refuses anything else by name', () => {
    expect(loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).mail.smtpUrl).toBe(
      'smtps://u:p@smtp.example.com:465',
    );
    for (const bad of ['smtp.example.com', 'http://smtp.example.com'])
      expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: bad })).toThrow(
        /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
      );
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });
});
