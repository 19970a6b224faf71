// Companies buying on account for the benchmarks, set up as the companies API tests do: the
// owner applies and the demo administrator approves with terms, both through the API; then each
// member accepts an invitation through the API, signed in as the invited address. Only the
// invitation itself is written with SQL, in the benchmark's throwaway database, into the table
// the code defines (`company_invitations`: the token's SHA-256, the company, the address, 7 days
// to accept): through the API an owner invites 20 buyers a minute and the link is only in the
// mail, which would make 2,000 members take over an hour and a half.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { addressOf, benchEmail, demoAdmin, expectStatus, inParallel, signIn } from './shop.mjs';

/**
 * The terms of every benchmark company: 月末締め翌月末払い (closing at the month's end, due at the
 * end of the next) in dollars, with the highest credit limit the terms allow (10,000,000), so
 * the credit check runs on every order and never refuses one.
 */
export const benchTerms = {
  closingDay: 'end',
  payMonthsAfter: 1,
  payDay: 'end',
  creditLimit: 10_000_000,
  currency: 'USD',
  language: 'en',
};

/** Confirms the pool's addresses, as if each buyer had opened the link in the verification mail. */
export async function confirmEmails(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`update "user" set email_verified = true where email like 'bench%@kanna.example'`);
  } finally {
    await client.end();
  }
}

/**
 * The company of the pool's account `k` (signed in with `cookie`, its address confirmed): applied
 * for by it and approved by the administrator (`admin`, a session cookie) with `terms`. Resolves to
 * the company's id.
 */
export async function approvedCompany({ url, admin, cookie, k, terms = benchTerms }) {
  const applied = await expectStatus(201, url, 'POST', '/api/companies', {
    cookie,
    address: addressOf(k),
    body: {
      name: `Bench Trading ${k}`,
      billingAddress: `${k + 1}-2-3 Kuramae, Taito-ku, Tokyo`,
      billingEmail: `billing${k}@kanna.example`,
    },
  });
  await expectStatus(200, url, 'PATCH', `/api/companies/${applied.id}`, {
    cookie: admin,
    body: { status: 'approved', terms },
  });
  return applied.id;
}

/**
 * Makes the pool's accounts (their session cookies in `cookies`) members of `count` approved
 * companies: account i is in company i % count, accounts 0 … count − 1 their owners. Resolves to
 * the companies' ids (company k's is `ids[k]`).
 */
export async function companiesOnAccount({ url, databaseUrl, cookies, count, terms = benchTerms }) {
  const admin = await signIn(url, demoAdmin.email, demoAdmin.password);
  const ids = await inParallel(count, 4, (k) =>
    approvedCompany({ url, admin, cookie: cookies[k], k, terms }),
  );

  const members = cookies.map((_, i) => i).filter((i) => i >= count);
  const tokens = members.map(() => randomBytes(24).toString('base64url'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into company_invitations (id, company_id, email, token_hash, invited_by, expires_at)
       select gen_random_uuid(), m.company_id, m.email, m.token_hash,
              (select o.user_id from company_members o where o.company_id = m.company_id and o.role = 'owner'),
              now() + interval '7 days'
       from unnest($1::uuid[], $2::text[], $3::text[]) as m(company_id, email, token_hash)`,
      [
        members.map((i) => ids[i % count]),
        members.map((i) => benchEmail(i)),
        tokens.map((t) => createHash('sha256').update(t).digest('hex')),
      ],
    );
  } finally {
    await client.end();
  }
  await inParallel(members.length, 4, async (j) => {
    const i = members[j];
    await expectStatus(200, url, 'POST', `/api/company-invitations/${tokens[j]}/accept`, {
      cookie: cookies[i],
      address: addressOf(i),
    });
  });
  return ids;
}

/** The orders in the database by payment method, and how many companies the ones on account are owed by. */
export async function ordersByPaymentMethod(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select payment_method as method, count(*)::int as orders, count(distinct company_id)::int as companies
       from orders group by payment_method order by payment_method`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
