import { randomUUID } from 'node:crypto';
import type { EnquiriesQuery, Enquiry, EnquiryRequest, EnquiryStatus } from '@kanna/shared';
import { says } from '@kanna/shared/domain/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { enquiries } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { DEFAULT_PAGE_SIZE, type Page } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import type { Mailer } from '../mail/mailer';
import { enquiriesRepository as repo } from './enquiries.repository';

export type EnquiriesDeps = {
  db: Database;
  mailer: Mailer;
  /** Where a buyer's enquiry is mailed (the shop's address). */
  shopEmail: string;
  log: FastifyBaseLogger;
};

type EnquiryRow = typeof enquiries.$inferSelect;

/** An enquiry as the admin's inbox shows it. */
const enquiryView = ({ row, productName }: { row: EnquiryRow; productName: string }): Enquiry => ({
  _id: row.id,
  toolId: row.toolId,
  productName,
  name: row.name,
  email: row.email,
  quantityWanted: row.quantityWanted,
  message: row.message,
  quoteRequest: row.isQuoteRequest,
  createdAt: row.createdAt.toISOString(),
  status: row.answeredAt ? 'answered' : 'new',
  answeredAt: row.answeredAt?.toISOString() ?? null,
  answeredBy: row.answeredBy,
});

/**
 * Contact Supplier: a buyer's enquiry or quote request, stored and mailed to the shop (Reply-To
 * the buyer, so the owner answers from the mail client); the admin's inbox, new or answered.
 */
export function enquiriesService(ctx: EnquiriesDeps) {
  const { db } = ctx;
  return {
    /** Contact Supplier enquiries, newest first, all or only the new or the answered ones (admin). */
    async enquiries(query: EnquiriesQuery = {}): Promise<Page<Enquiry>> {
      const found = await repo.enquiriesPage(
        db,
        query.status,
        query.cursor,
        query.limit ?? DEFAULT_PAGE_SIZE,
      );
      return { items: found.items.map(enquiryView), next: found.next };
    },

    /**
     * The admin marks an enquiry answered (recorded with when and their name) or new again.
     * Idempotent: an answered one marked answered again keeps its first when and who.
     */
    async markEnquiry(id: string, status: EnquiryStatus, admin: SessionUser): Promise<Enquiry> {
      const marked = await db.transaction(async (tx) => {
        const before = await repo.lockEnquiry(tx, id);
        if (!before) return null;
        const done = await repo.setEnquiryAnswered(tx, id, status === 'answered' ? admin.name : null);
        const was = before.answeredAt ? 'answered' : 'new';
        if (done && was !== status) {
          await recordAudit(tx, admin, {
            kind: 'enquiry.status',
            target: { type: 'enquiry', id, label: `${done.productName} — ${before.email}` },
            before: { status: was },
            after: { status },
          });
        }
        return done;
      });
      if (!marked) throw notFound('This enquiry');
      return enquiryView(marked);
    },

    /**
     * Contact Supplier, from a confirmed address only: stored, and mailed to the shop; a quote
     * request when more is wanted than available.
     */
    async enquire(
      caller: SessionUser,
      input: EnquiryRequest,
    ): Promise<{ id: string; quoteRequest: boolean }> {
      // The shop's copy answers to the buyer's address: only a confirmed one, as for ordering.
      // Read from the database, so a buyer who has just opened the link may write at once.
      if (!(await repo.emailConfirmed(db, caller.id))) {
        throw new AppError('forbidden', says.verifyEmailToEnquire);
      }
      const tool = await repo.toolOnSale(db, input.toolId);
      if (!tool) throw notFound('This tool');
      const quoteRequest = input.quantityWanted > tool.available;
      const id = randomUUID();
      await repo.insertEnquiry(db, {
        id,
        toolId: tool.id,
        userId: caller.id,
        email: caller.email,
        name: caller.name,
        quantityWanted: input.quantityWanted,
        message: input.message,
        isQuoteRequest: quoteRequest,
      });
      // Straight to the mailer, with Reply-To: the shop's copy answers to the buyer. A failure
      // is logged; the enquiry is stored whatever the mail does.
      const subject = `${quoteRequest ? 'Quote request' : 'Enquiry'}: ${input.quantityWanted} × ${tool.productName}`;
      void ctx.mailer
        .send({
          to: ctx.shopEmail,
          replyTo: { name: caller.name, address: caller.email },
          subject,
          text: `From: ${caller.name} <${caller.email}>\nTool: ${tool.productName} (${tool.available} available)\nQuantity wanted: ${input.quantityWanted}\n\n${input.message}\n`,
        })
        .catch((err) => ctx.log.error({ err, to: ctx.shopEmail, subject }, 'mail failed'));
      return { id, quoteRequest };
    },
  };
}
export type EnquiriesService = ReturnType<typeof enquiriesService>;
