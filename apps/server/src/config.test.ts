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

const secret = 'a'.repeat(40);
const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
const production = { DATA_DIR: dir, NODE_ENV: 'production', AUTH_SECRET: secret };
const problem = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('PAYMENT_MODE', () => {
  it('is stripe when both Stripe keys are set, and test otherwise (outside production)', () => {
    expect(loadConfig({ DATA_DIR: dir, ...keys })).toMatchObject({
      paymentMode: 'stripe',
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x' },
    });
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ paymentMode: 'test', stripe: null });
    expect(loadConfig({ DATA_DIR: dir, ...keys, PAYMENT_MODE: 'test' })).toMatchObject({
      paymentMode: 'test',
      stripe: null,
    });
  });

  it('refuses only some of the Stripe keys, naming the missing one', () => {
    expect(problem({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'sk_test_x' })).toMatch(
      /STRIPE_PUBLISHABLE_KEY: only some Stripe keys are set/,
    );
    expect(problem({ DATA_DIR: dir, STRIPE_PUBLISHABLE_KEY: 'pk_test_x', PAYMENT_MODE: 'test' })).toMatch(
      /STRIPE_SECRET_KEY: only some Stripe keys are set/,
    );
    expect(problem({ DATA_DIR: dir, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toMatch(/only some Stripe keys/);
  });

  it('refuses PAYMENT_MODE=stripe without the keys, and a mode it does not know', () => {
    expect(problem({ DATA_DIR: dir, PAYMENT_MODE: 'stripe' })).toMatch(
      /PAYMENT_MODE: stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/,
    );
    expect(problem({ DATA_DIR: dir, PAYMENT_MODE: 'fake' })).toMatch(/PAYMENT_MODE must be stripe or test/);
  });

  it('refuses production without Stripe keys unless PAYMENT_MODE=test is set explicitly', () => {
    const message = problem(production);
    expect(message).toMatch(/PAYMENT_MODE/);
    expect(message).toMatch(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
    expect(message).toMatch(/PAYMENT_MODE=test/);
    // Every problem at once: the missing secret and the payments.
    expect(problem({ DATA_DIR: dir, NODE_ENV: 'production' })).toMatch(/AUTH_SECRET[\s\S]*PAYMENT_MODE/);
    expect(loadConfig({ ...production, PAYMENT_MODE: 'test' }).paymentMode).toBe('test');
    expect(loadConfig({ ...production, ...keys }).paymentMode).toBe('stripe');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and with off/0', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    for (const off of ['off', '0', 'false'])
      expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('takes a hop count or the proxies addresses and CIDRs', () => {
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.2, 10.0.1.0/24,fd00::1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.2', '10.0.1.0/24', 'fd00::1', 'loopback']);
  });

  it('refuses "trust everything" (on/true, a /0 range) and says what to set instead', () => {
    for (const everything of ['on', 'true', 'yes']) {
      const message = problem({ DATA_DIR: dir, TRUST_PROXY: everything });
      expect(message).toMatch(/TRUST_PROXY: .* would believe any X-Forwarded-For/);
      expect(message).toMatch(/TRUST_PROXY=1/);
    }
    expect(problem({ DATA_DIR: dir, TRUST_PROXY: '0.0.0.0/0' })).toMatch(/TRUST_PROXY: not a hop count/);
    expect(problem({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.2,proxy.local' })).toMatch(/"proxy.local"/);
  });
});

describe("the shop's details and time zone", () => {
  it("defaults to the web footer's name and address, and Asia/Tokyo", () => {
    expect(loadConfig({ DATA_DIR: dir }).shop).toEqual({
      legalName: 'Kanna Tool Works',
      address: '2-14-3 Kanamono-cho, Miki, Hyogo 673-0432, Japan',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('takes a legal name, an address and any IANA zone, named as Intl names it', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      SHOP_LEGAL_NAME: 'Kanna Tools K.K.',
      SHOP_ADDRESS: '1-2-3 Kuramae, Taito-ku, Tokyo',
      SHOP_TIME_ZONE: 'europe/berlin',
    });
    expect(config.shop).toEqual({
      legalName: 'Kanna Tools K.K.',
      address: '1-2-3 Kuramae, Taito-ku, Tokyo',
      timeZone: 'Europe/Berlin',
    });
  });

  it('stops the start on a zone it does not know, or an offset, saying what to set', () => {
    for (const zone of ['Mars/Olympus', 'Tokyo', '+09:00']) {
      const message = problem({ DATA_DIR: dir, SHOP_TIME_ZONE: zone });
      expect(message).toContain(`SHOP_TIME_ZONE: "${zone}" is not a time zone this server knows`);
      expect(message).toContain('such as Asia/Tokyo');
    }
  });
});
