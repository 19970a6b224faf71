import type { Database } from '../../db/client';
import { archiveRepository as repo } from './archive.repository';
import { canonicalJson, chainHash, sha256 } from './stored';

/*
 * `npm run shop -- verify-documents` (docs/orders.md, "The document archive"): reads the whole
 * archive in the order it was issued and names every document whose bytes, data or place changed.
 */

export type Broken = { number: string; why: string };

/** Every document that breaks the chain, and why; none when the archive is as issued. */
export async function verifyDocuments(
  db: Database,
  batch = 200,
): Promise<{ checked: number; broken: Broken[] }> {
  const broken: Broken[] = [];
  let previous = { position: 0, hash: '' };
  let checked = 0;
  const lastInSeries = new Map<string, number>();
  for (;;) {
    const rows = await repo.batch(db, {}, previous.position, batch);
    for (const row of rows) {
      checked++;
      const own = sha256(row.pdf);
      if (own !== row.sha256) broken.push({ number: row.number, why: 'its PDF bytes changed' });
      if (row.position !== previous.position + 1)
        broken.push({
          number: row.number,
          why: `documents ${previous.position + 1} to ${row.position - 1} of the chain before it are missing`,
        });
      const expected = chainHash(previous.hash, {
        position: row.position,
        number: row.number,
        kind: row.kind,
        series: row.series,
        sequence: row.sequence,
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        buyerId: row.buyerId,
        counterparty: row.counterparty,
        amountCents: row.amountCents,
        currency: row.currency,
        language: row.language,
        corrects: row.corrects,
        issuedAt: row.issuedAt,
        dataSha256: sha256(canonicalJson(row.data)),
        sha256: own,
      });
      if (expected !== row.chainHash)
        broken.push({
          number: row.number,
          why: 'its record (data, order, amount, date or place) or the document before it changed',
        });
      const last = lastInSeries.get(row.series) ?? 0;
      if (row.sequence !== last + 1)
        broken.push({
          number: row.number,
          why: `its series ${row.series} skips from ${last} to ${row.sequence}`,
        });
      lastInSeries.set(row.series, row.sequence);
      previous = { position: row.position, hash: row.chainHash };
    }
    if (rows.length < batch) break;
  }
  const head = await repo.head(db);
  if (head && (head.position !== previous.position || head.hash !== previous.hash))
    broken.push({
      number: `(after ${previous.position})`,
      why: `the chain's head names document ${head.position}: documents at its end are missing or changed`,
    });
  return { checked, broken };
}
