import { statementAsksPayment } from '@kanna/shared/domain/companies';
import type { Language } from '@kanna/shared/domain/languages';
import { receiptParties } from '@kanna/shared/domain/order-parties';
import { documentFonts } from './fonts';
import { type Formats, formats, linesOf, taxInYen } from './format';
import type { DocumentModel } from './model';
import { type Column, colours, type Row, Sheet } from './sheet';
import { type DocumentTexts, documentTexts } from './texts';

/*
 * An order's documents as PDF (docs/orders.md, "Documents"): the pro-forma invoice, the
 * invoice (a qualified invoice when the shop has a registration number), the receipt and the
 * delivery note. Pure: a model in, PDF bytes out, in English or Japanese (the buyer's language).
 * Each shows the shop, the order's number and the buyer at its head, and the shop and page in its
 * footer; the rest is each document's own.
 */

type Fact = { label: string; value: string; strong?: boolean };

/** What every part of a document is written with. */
/** A receipt of this many yen or more would carry a revenue stamp (収入印紙) on paper. */
const REVENUE_STAMP_FROM_YEN = 50_000;

type Context = { m: DocumentModel; t: DocumentTexts; f: Formats; sheet: Sheet; language: Language };

export async function renderDocument(model: DocumentModel, language: Language = 'en'): Promise<Buffer> {
  const t = documentTexts[language];
  const f = formats(t.shared.locale, model.timeZone, model.currency ?? 'USD');
  const title = titleOf(model, t);
  const sheet = new Sheet(
    documentFonts(),
    { title: `${title} ${model.documentNumber || model.orderNumber}`, author: model.shop.legalName },
    t.shared.lang,
  );
  const c: Context = { m: model, t, f, sheet, language };
  head(c, title);
  body[model.kind](c);
  const shop = [model.shop.legalName, ...linesOf(model.shop.address)].join(' · ');
  const reference = model.orderNumber || model.documentNumber || '';
  sheet.footer(shop, (page, pages) => `${reference} · ${t.shared.page(page, pages)}`);
  return sheet.finish();
}

function titleOf(m: DocumentModel, t: DocumentTexts): string {
  switch (m.kind) {
    case 'proforma':
      return t.proforma.title;
    case 'invoice':
      return m.shop.registrationNumber ? t.invoice.qualifiedTitle : t.invoice.title;
    case 'receipt':
      return t.receipt.title;
    case 'delivery-note':
      return t.deliveryNote.title;
    case 'acknowledgement':
      return t.acknowledgement.title;
    case 'credit-note':
      return m.shop.registrationNumber ? t.creditNote.qualifiedTitle : t.creditNote.title;
    case 'statement':
      return m.shop.registrationNumber ? t.statement.qualifiedTitle : t.statement.title;
    case 'quote':
      return t.quote.title;
  }
}

/** The shop (and its registration number on the invoice and the receipt) left, the title and order right. */
function head({ m, t, sheet }: Context, title: string): void {
  const leftWidth = sheet.width * 0.5;
  const top = sheet.y;
  sheet.style({ size: 13, weight: 'bold', colour: colours.accent });
  let left = top + sheet.write(m.shop.legalName, sheet.left, top, leftWidth);
  sheet.style({ size: 8.5, colour: colours.muted });
  left += sheet.write(linesOf(m.shop.address).join('\n'), sheet.left, left + 2, leftWidth) + 2;
  if (m.shop.registrationNumber && ['invoice', 'receipt', 'credit-note', 'statement'].includes(m.kind)) {
    sheet.style({ size: 8.5, weight: 'bold' });
    left +=
      sheet.write(
        `${t.shared.registrationNumber} ${m.shop.registrationNumber}`,
        sheet.left,
        left + 2,
        leftWidth,
      ) + 2;
  }
  const rightX = sheet.left + leftWidth + 12;
  const rightWidth = sheet.width - leftWidth - 12;
  sheet.style({ size: 19, weight: 'bold', colour: colours.accent });
  let right = top + sheet.write(title, rightX, top - 3, rightWidth, 'right');
  if ((m.kind === 'invoice' || m.kind === 'statement') && m.shop.registrationNumber) {
    sheet.style({ size: 10, weight: 'bold', colour: colours.accent });
    const note = m.kind === 'statement' ? t.statement.qualifiedNote : t.invoice.qualifiedNote;
    right += sheet.write(note, rightX, right - 2, rightWidth, 'right');
  }
  sheet.style({ size: 11, weight: 'bold' });
  // A statement is of no one order: its own number stands where an order's would. A quote is
  // its own reference: its number, once.
  const reference = m.kind === 'quote' ? t.quote.number : t.shared.order;
  if (m.orderNumber)
    right += sheet.write(`${reference} ${m.orderNumber}`, rightX, right + 2, rightWidth, 'right') + 2;
  if (m.documentNumber && m.documentNumber !== m.orderNumber) {
    sheet.style({ size: 9.5, weight: 'bold' });
    right +=
      sheet.write(`${t.shared.documentNumber} ${m.documentNumber}`, rightX, right + 1, rightWidth, 'right') +
      1;
  }
  if (m.copyOf) {
    // The other language's copy says so where the eye lands first: under the title.
    sheet.style({ size: 8.5, weight: 'bold', colour: colours.accent });
    right += sheet.write(t.shared.copy(m.copyOf), rightX, right + 2, rightWidth, 'right') + 2;
  }
  sheet.y = Math.max(left, right) + 10;
  sheet.rule(colours.accent, 1.2, 14);
}

/**
 * The buyer (or where the goods go) on the left, the document's facts on the right. In English the
 * name comes first, then the address as typed and the country; in Japanese the address as typed
 * (a Japanese one starts with its postal code: 〒111-0051), the country only for an export, then
 * the name with 様. A document about money goes to the billing address when the order has one
 * (then saying where the goods go); the delivery note to the delivery address. A receipt names its
 * addressee (宛名) alone. The order's purchase-order number and delivery date asked for follow
 * the facts.
 */
function parties(
  c: Context,
  heading: string,
  facts: readonly Fact[],
  { to = 'billing', addressee }: { to?: 'billing' | 'delivery'; addressee?: string } = {},
): void {
  const { m, t, f, sheet, language } = c;
  const top = sheet.y;
  const leftWidth = sheet.width * 0.48;
  const billing = to === 'billing' ? m.buyer.billingAddress : null;
  sheet.style({ size: 8.5, weight: 'bold', colour: colours.accent });
  let y = top + sheet.write(heading, sheet.left, top, leftWidth);
  const name = () => {
    if (addressee !== undefined) {
      sheet.style({ size: 10.5, weight: 'bold' });
      y += sheet.write(t.shared.addressee(addressee), sheet.left, y + 2, leftWidth) + 2;
      return;
    }
    const { company, department } = m.buyer;
    // A company buyer: the company first (交付を受ける事業者), then the department and the person.
    if (company) {
      sheet.style({ size: 10.5, weight: 'bold' });
      y += sheet.write(company, sheet.left, y + 2, leftWidth) + 2;
    }
    sheet.style(company ? { size: 9.5 } : { size: 10.5, weight: 'bold' });
    const person = t.shared.addressee(m.buyer.name);
    y += sheet.write(department ? `${department} ${person}` : person, sheet.left, y + 2, leftWidth) + 2;
  };
  const address = () => {
    sheet.style({});
    const domestic = language === 'ja' && m.buyer.country === 'JP';
    const lines = [
      ...linesOf(billing || m.buyer.address),
      ...(domestic || billing || !m.buyer.country ? [] : [f.country(m.buyer.country)]),
    ];
    y += sheet.write(lines.join('\n'), sheet.left, y + 1, leftWidth) + 1;
  };
  if (language === 'ja') {
    address();
    name();
  } else {
    name();
    address();
  }
  sheet.style({ size: 8.5, colour: colours.muted });
  const contact = [
    ...(m.buyer.phone ? [`${t.shared.phone} ${m.buyer.phone}`] : []),
    `${t.shared.email} ${m.buyer.email}`,
  ];
  if (billing) contact.push(t.shared.goodsTo(linesOf(m.buyer.address).join(' ')));
  y += sheet.write(contact.join('\n'), sheet.left, y + 3, leftWidth) + 3;
  const rightX = sheet.left + sheet.width * 0.54;
  const height = sheet.facts([...facts, ...references(c)], rightX, sheet.right - rightX, top);
  sheet.y = Math.max(y, top + height) + 16;
}

/** The order's purchase-order number and the delivery date asked for, as facts, when it has them. */
function references({ m, t, f }: Context): Fact[] {
  return [
    ...(m.poNumber ? [{ label: t.shared.poNumber, value: m.poNumber, strong: true }] : []),
    ...(m.requestedDate
      ? [{ label: t.shared.requestedDate, value: f.date(new Date(`${m.requestedDate}T12:00:00Z`)) }]
      : []),
  ];
}

/**
 * The order's lines, with their tax rate when `rate` is given, and their product codes (SKU above
 * JAN) first when any line has one.
 */
function lineTable({ m, t, f, sheet }: Context, rate?: string): void {
  const s = t.shared;
  const coded = m.lines.some((l) => l.sku || l.jan);
  const columns: Column[] = [
    ...(coded ? [{ header: s.productCode, width: 18 }] : []),
    { header: s.product, width: (rate ? 40 : 48) - (coded ? 12 : 0) },
    { header: s.quantity, width: 9, numeric: true },
    { header: s.unitPrice, width: 15, numeric: true },
    ...(rate ? [{ header: t.invoice.taxRate, width: 11, numeric: true }] : []),
    { header: s.amount, width: 17, numeric: true },
  ];
  const rows: Row[] = m.lines.map((l) => ({
    cells: [
      ...(coded ? [[l.sku, l.jan].filter(Boolean).join('\n')] : []),
      l.name,
      l.quantity.toLocaleString('en-US'),
      f.money(l.unitCents),
      ...(rate ? [rate] : []),
      f.money(l.unitCents * l.quantity),
    ],
  }));
  sheet.table(columns, rows);
}

/** Goods, shipping, tax (or that an export is exempt) and the total, right of the page. */
function totals({ m, t, f, sheet }: Context): void {
  const s = t.shared;
  const items: Fact[] = [
    { label: s.goods, value: f.money(m.goodsCents) },
    { label: s.shipping, value: f.money(m.shippingCents) },
  ];
  if (m.taxTreatment === 'domestic')
    items.push({ label: s.tax(f.percent(m.taxRateBp)), value: f.money(m.taxCents) });
  if (m.taxTreatment === 'export') items.push({ label: s.exportExempt, value: f.money(0) });
  const x = sheet.left + sheet.width * 0.45;
  const width = sheet.right - x;
  sheet.room(sheet.facts(items, x, width, sheet.y, width * 0.62, false) + 30);
  sheet.y += sheet.facts(items, x, width, sheet.y, width * 0.62) + 2;
  sheet.doc.moveTo(x, sheet.y).lineTo(sheet.right, sheet.y).lineWidth(0.8).stroke(colours.accent);
  sheet.y += 5;
  sheet.style({ size: 11, weight: 'bold' });
  sheet.write(s.total, x, sheet.y, width * 0.5);
  sheet.write(f.money(m.amountDueCents), x + width * 0.4, sheet.y, width * 0.6, 'right');
  sheet.y += 26;
}

/** A tinted box of facts, the first of them large. */
function keyFigures(sheet: Sheet, facts: readonly Fact[], note?: string): void {
  const [first, ...rest] = facts;
  if (!first) return;
  const labelWidth = (w: number) => w * 0.45;
  const measure = (w: number) => {
    sheet.style({ size: 15, weight: 'bold' });
    let h = sheet.heightOf(first.value, w - labelWidth(w)) + 6;
    h += sheet.facts(rest, 0, w, 0, labelWidth(w), false);
    if (note) {
      sheet.style({ size: 8.5 });
      h += sheet.heightOf(note, w) + 4;
    }
    return h;
  };
  sheet.box(measure, (x, y, w) => {
    sheet.style({ size: 10.5, weight: 'bold', colour: colours.accent });
    sheet.write(first.label, x, y + 4, labelWidth(w));
    sheet.style({ size: 15, weight: 'bold' });
    let at = y + sheet.write(first.value, x + labelWidth(w), y, w - labelWidth(w), 'right') + 6;
    at += sheet.facts(rest, x, w, at, labelWidth(w));
    if (note) {
      sheet.style({ size: 8.5, colour: colours.muted });
      sheet.write(note, x, at + 4, w);
    }
  });
}

const received = (m: DocumentModel) => m.payments.reduce((sum, p) => sum + p.amountCents, 0);

function proforma(c: Context): void {
  const { m, t, f, sheet } = c;
  const p = t.proforma;
  parties(c, t.shared.buyer, [{ label: t.shared.orderDate, value: f.date(m.placedAt) }]);
  const paid = received(m);
  const due: Fact[] = [
    { label: paid > 0 ? p.balanceDue : p.amountDue, value: f.money(Math.max(0, m.amountDueCents - paid)) },
    { label: p.reference, value: m.orderNumber, strong: true },
    { label: p.validUntil, value: f.dateTime(m.holdUntil) },
  ];
  if (paid > 0) due.splice(1, 0, { label: p.receivedSoFar, value: f.money(paid) });
  keyFigures(sheet, due, p.expiry);
  lineTable(c);
  totals(c);
  bankDetails(c);
  sheet.paragraph(p.notTaxInvoice, { size: 8.5, colour: colours.muted });
}

function bankDetails(
  { m, t, sheet }: Context,
  reference = m.orderNumber,
  hint: (reference: string) => string = t.proforma.referenceHint,
  noBank = t.proforma.noBank,
): void {
  const p = t.proforma;
  const b = m.shop.bank;
  if (!b.bankName || !b.accountNumber) {
    sheet.paragraph(noBank, {}, 10);
    return;
  }
  const items: Fact[] = [
    { label: p.bankName, value: b.bankName },
    { label: p.branch, value: b.branch },
    { label: p.accountType, value: b.accountType },
    { label: p.accountNumber, value: b.accountNumber, strong: true },
    { label: p.accountHolder, value: b.accountHolder },
    { label: p.swift, value: b.swift },
    { label: p.reference, value: reference, strong: true },
  ].filter((i) => i.value !== '');
  const width = sheet.width * 0.7;
  const labels = 110;
  sheet.room(sheet.facts(items, sheet.left, width, sheet.y, labels, false) + 60);
  sheet.heading(p.payTo);
  sheet.y += sheet.facts(items, sheet.left, width, sheet.y, labels, true, 'left') + 6;
  sheet.paragraph(hint(reference), {}, 12);
}

function invoice(c: Context): void {
  const { m, t, f, sheet } = c;
  const i = t.invoice;
  parties(c, t.shared.buyer, [
    { label: i.dateOfIssue, value: f.date(m.issuedAt) },
    { label: i.transactionDate, value: f.date(m.paidAt ?? m.issuedAt) },
    { label: t.shared.orderDate, value: f.date(m.placedAt) },
  ]);
  const rate =
    m.taxTreatment === 'domestic'
      ? `${f.percent(m.taxRateBp)}%`
      : m.taxTreatment === 'export'
        ? i.exempt
        : undefined;
  lineTable(c, rate);
  totals(c);
  if (m.taxTreatment !== 'none') taxByRate(c);
  if (m.taxTreatment === 'export') sheet.paragraph(i.exportNote, {}, 6);
  const last = m.payments.at(-1);
  if (last && m.paidAt) sheet.paragraph(i.paid(i.methodInSentence[last.method], f.date(m.paidAt)), {}, 6);
}

/**
 * Each rate's goods and shipping, its tax, and — on a dollar invoice — that tax in yen at the
 * shop's stated rate. A yen invoice's tax is in yen already: no conversion, no word about a rate.
 */
function taxByRate({ m, t, f, sheet }: Context): void {
  const i = t.invoice;
  const inYen = m.currency === 'JPY';
  const ypd = inYen ? null : m.shop.yenPerDollar;
  const exempt = m.taxTreatment === 'export';
  const columns: Column[] = [
    { header: i.rate, width: 30 },
    { header: i.taxable, width: 25, numeric: true },
    { header: i.taxAmount, width: 20, numeric: true },
    ...(ypd === null ? [] : [{ header: i.taxInYen, width: 20, numeric: true }]),
  ];
  const taxCents = exempt ? 0 : m.taxCents;
  const row = [
    exempt ? i.exemptRate : `${f.percent(m.taxRateBp)}%`,
    f.money(m.goodsCents + m.shippingCents),
    f.money(taxCents),
    ...(ypd === null ? [] : [f.yen(taxInYen(taxCents, ypd))]),
  ];
  sheet.room(110);
  sheet.heading(i.byRate, 6);
  sheet.table(columns, [{ cells: row }]);
  // An export's tax is nothing in any currency: no word about the rate.
  const note = exempt || inYen ? null : ypd === null ? i.noYenRate : i.yenRate(f.yen(ypd));
  if (note) sheet.paragraph(note, { size: 8.5, colour: colours.muted }, 12);
  else sheet.y += 8;
}

function receipt(c: Context): void {
  const { m, t, f, sheet } = c;
  const r = t.receipt;
  // Addressed and described as the buyer chose (宛名, 但し書き), else to the company and for goods.
  const chosen = receiptParties(
    { receiptAddressee: m.receiptAddressee, receiptNote: m.receiptNote, company: m.buyer.company },
    m.buyer.name,
    r.goodsNote,
  );
  parties(
    c,
    r.receivedFrom,
    [
      { label: r.date, value: f.date(m.issuedAt) },
      { label: t.shared.orderDate, value: f.date(m.placedAt) },
    ],
    { addressee: chosen.addressee },
  );
  const paid = received(m);
  keyFigures(sheet, [
    { label: r.amountReceived, value: f.money(paid) },
    { label: r.paid, value: r.forWhat(chosen.note, m.orderNumber), strong: true },
  ]);
  sheet.table(
    [
      { header: r.date, width: 22 },
      { header: r.method, width: 20 },
      { header: r.reference, width: 38 },
      { header: r.amount, width: 20, numeric: true },
    ],
    m.payments.map((p) => ({
      cells: [f.date(p.at), t.shared.method[p.method], p.reference ?? '—', f.money(p.amountCents)],
    })),
  );
  sheet.y += 4;
  if (m.payments.some((p) => p.test)) sheet.paragraph(r.test, { weight: 'bold', colour: colours.accent }, 6);
  sheet.paragraph(r.thanks, {}, 6);
  // A paper receipt of ¥50,000 or more would carry a revenue stamp; one issued electronically needs none.
  if (m.currency === 'JPY' && paid >= REVENUE_STAMP_FROM_YEN) sheet.paragraph(r.noRevenueStamp, {}, 6);
}

function deliveryNote(c: Context): void {
  const { m, t, f, sheet } = c;
  const d = t.deliveryNote;
  const shipped = m.shipment;
  const facts: Fact[] = [
    { label: t.shared.orderDate, value: f.date(m.placedAt) },
    { label: d.shipped, value: shipped ? f.date(shipped.at) : d.notShipped },
  ];
  if (shipped?.carrier) facts.push({ label: d.carrier, value: shipped.carrier });
  if (shipped?.trackingNumber) facts.push({ label: d.trackingNumber, value: shipped.trackingNumber });
  parties(c, d.deliverTo, facts, { to: 'delivery' });
  sheet.table(
    [
      { header: t.shared.product, width: 70 },
      { header: t.shared.quantity, width: 15, numeric: true },
      { header: d.check, width: 15, numeric: true },
    ],
    m.lines.map((l) => ({ cells: [l.name, l.quantity.toLocaleString('en-US'), '□'] })),
  );
  const pieces = m.lines.reduce((sum, l) => sum + l.quantity, 0);
  sheet.paragraph(d.totalPieces(pieces, m.lines.length), { weight: 'bold' }, 6);
}

/**
 * A credit note (適格返還請求書 with a registration number): the document it corrects and why, the
 * amount given back (negative), and the lines, totals and tax by rate of what it takes back.
 */
function creditNote(c: Context): void {
  const { m, t, f, sheet } = c;
  const n = t.creditNote;
  const corrects = m.corrects;
  parties(c, t.shared.buyer, [
    { label: n.dateOfIssue, value: f.date(m.issuedAt) },
    ...(corrects
      ? [
          { label: n.corrects, value: corrects.number, strong: true },
          { label: n.correctedDate, value: f.date(corrects.issuedAt) },
        ]
      : []),
    { label: t.shared.orderDate, value: f.date(m.placedAt) },
  ]);
  keyFigures(
    sheet,
    [{ label: n.amountCredited, value: `-${f.money(m.amountDueCents)}` }],
    corrects ? n.why(corrects.reason, corrects.number, f.date(corrects.issuedAt)) : undefined,
  );
  const rate =
    m.taxTreatment === 'domestic'
      ? `${f.percent(m.taxRateBp)}%`
      : m.taxTreatment === 'export'
        ? t.invoice.exempt
        : undefined;
  lineTable(c, rate);
  totals(c);
  if (m.taxTreatment !== 'none') taxByRate(c);
}

/** An order acknowledgement (注文請書): the order as the shop took it, its lines and totals, accepted. */
function acknowledgement(c: Context): void {
  const { m, t, f, sheet } = c;
  const a = t.acknowledgement;
  parties(c, t.shared.buyer, [
    { label: a.dateOfIssue, value: f.date(m.issuedAt) },
    { label: t.shared.orderDate, value: f.date(m.placedAt) },
  ]);
  keyFigures(sheet, [{ label: a.amount, value: f.money(m.amountDueCents) }], a.accepted);
  lineTable(c);
  totals(c);
  if (m.enteredBy) sheet.paragraph(a.enteredBy(m.enteredBy), { size: 8.5, colour: colours.muted }, 6);
}

/** An ISO day (the shop's) as the document writes dates. */
const day = (f: Formats, iso: string) => f.date(new Date(`${iso}T12:00:00Z`));

/**
 * A company's monthly statement (請求書; a qualified invoice with the shop's registration number):
 * the company (御中) and the statement's dates, the amount due and by when, the balance from the
 * last statement to this one, the orders shipped in the period before tax, the tax per rate
 * computed once on the statement, and the bank with the statement's number as the reference.
 */
function statement(c: Context): void {
  const { m, t, f, sheet, language } = c;
  const s = t.statement;
  const st = m.statement;
  if (!st) return;
  const number = m.documentNumber ?? '';
  const top = sheet.y;
  const leftWidth = sheet.width * 0.48;
  let y = top;
  const addressee = () => {
    sheet.style({ size: 12, weight: 'bold' });
    y += sheet.write(s.addressee(m.buyer.company || m.buyer.name), sheet.left, y + 2, leftWidth) + 2;
  };
  const address = () => {
    sheet.style({});
    y += sheet.write(linesOf(m.buyer.address).join('\n'), sheet.left, y + 1, leftWidth) + 1;
  };
  if (language === 'ja') {
    address();
    addressee();
  } else {
    addressee();
    address();
  }
  sheet.style({ size: 9 });
  y += sheet.write(s.intro, sheet.left, y + 6, leftWidth) + 6;
  const rightX = sheet.left + sheet.width * 0.54;
  const height = sheet.facts(
    [
      { label: s.dateOfIssue, value: f.date(m.issuedAt) },
      { label: s.closingDate, value: day(f, st.closingDate) },
      { label: s.periodFrom, value: day(f, st.periodFrom) },
      { label: s.periodTo, value: day(f, st.periodTo) },
    ],
    rightX,
    sheet.right - rightX,
    top,
  );
  sheet.y = Math.max(y, top + height) + 16;
  const taxCents = st.taxByRate.reduce((sum, r) => sum + r.taxCents, 0);
  // Money received beyond what was owed (前受金) is a credit: each figure below zero is named for
  // what it is and written without a minus, which a bookkeeper might misread.
  const carried = st.carriedForwardCents < 0;
  const left = m.amountDueCents < 0;
  // Nothing to pay (nothing due, or a credit left): no due date, no transfer reference, no bank details.
  const asks = statementAsksPayment(m.amountDueCents);
  const due = left
    ? { label: s.creditLeft, value: f.money(-m.amountDueCents) }
    : { label: s.amountDue, value: f.money(m.amountDueCents) };
  keyFigures(
    sheet,
    asks
      ? [
          due,
          { label: s.dueDate, value: day(f, st.dueOn), strong: true },
          { label: s.reference, value: number, strong: true },
        ]
      : // Nothing to transfer, so no transfer reference: the number stands at the top.
        [due],
    asks ? s.payBy(day(f, st.dueOn)) : left ? s.nothingToPay : s.nothingDue,
  );
  sheet.table(
    [
      { header: st.previousBalanceCents < 0 ? s.creditBrought : s.previousBalance, width: 17, numeric: true },
      { header: st.receivedCents < 0 ? s.reversedNet : s.received, width: 16, numeric: true },
      { header: carried ? s.creditCarried : s.carriedForward, width: 16, numeric: true },
      { header: s.thisPeriod, width: 19, numeric: true },
      { header: s.tax, width: 14, numeric: true },
      { header: due.label, width: 18, numeric: true },
    ],
    [
      {
        cells: [
          f.money(Math.abs(st.previousBalanceCents)),
          f.money(Math.abs(st.receivedCents)),
          f.money(Math.abs(st.carriedForwardCents)),
          f.money(st.ordersTotalCents - taxCents),
          f.money(taxCents),
          due.value,
        ],
      },
    ],
  );
  sheet.y += 8;
  if (carried)
    sheet.paragraph(
      s.creditCarriedNote(f.money(-st.carriedForwardCents)),
      { size: 8.5, colour: colours.muted },
      8,
    );
  if (st.orders.length === 0) sheet.paragraph(s.noOrders, {}, 8);
  else
    sheet.table(
      [
        { header: s.shippedOn, width: 22 },
        { header: s.order, width: 22 },
        { header: s.poNumber, width: 31 },
        { header: s.amountBeforeTax, width: 25, numeric: true },
      ],
      st.orders.map((o) => ({
        cells: [day(f, o.shippedOn), o.number, o.poNumber ?? '—', f.money(o.amountCents)],
      })),
    );
  if (st.taxByRate.length > 0) {
    sheet.room(90);
    sheet.heading(s.byRate, 6);
    sheet.table(
      [
        { header: s.rate, width: 30 },
        { header: s.taxable, width: 35, numeric: true },
        { header: s.taxAmount, width: 35, numeric: true },
      ],
      st.taxByRate.map((r) => ({
        cells: [`${f.percent(r.rateBp)}%`, f.money(r.taxableCents), f.money(r.taxCents)],
      })),
    );
    sheet.y += 8;
  }
  if (asks) bankDetails(c, number, s.referenceHint, s.noBank);
}

/**
 * A quote (見積書): to whom, when issued and valid until, the amount quoted (before tax, which the
 * order it becomes adds), its lines at the quoted prices, shipping, the shop's note, and whether
 * the stock is held until it expires.
 */
function quote(c: Context): void {
  const { m, t, f, sheet } = c;
  const q = t.quote;
  parties(c, q.to, [
    { label: q.dateOfIssue, value: f.date(m.issuedAt) },
    { label: q.validUntil, value: f.dateTime(m.holdUntil), strong: true },
  ]);
  keyFigures(sheet, [{ label: q.amount, value: f.money(m.amountDueCents) }], q.lead);
  lineTable(c);
  totals(c);
  sheet.paragraph(q.taxLater, { size: 8.5, colour: colours.muted }, 6);
  if (m.shippingLater) sheet.paragraph(q.shippingLater, { size: 8.5, colour: colours.muted }, 6);
  if (m.holdsStock) sheet.paragraph(q.held, { weight: 'bold' }, 6);
  if (m.note) {
    sheet.heading(q.note, 4);
    sheet.paragraph(m.note, {}, 6);
  }
}

const body: Record<DocumentModel['kind'], (c: Context) => void> = {
  statement,
  acknowledgement,
  quote,
  proforma,
  invoice,
  receipt,
  'delivery-note': deliveryNote,
  'credit-note': creditNote,
};
