import { randomUUID } from 'node:crypto';
import type { Enquiry, EnquiryRequest, PageQuery } from '@kanna/shared';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { DEFAULT_PAGE_SIZE, type Page } from '../../lib/paging';
import type { OrdersContext } from './orders.deps';
import { ordersRepository as repo } from './orders.repository';

/** Contact Supplier: a buyer's enquiry or quote request, stored and mailed to the shop; the admin's list. */
export function orderEnquiries(ctx: OrdersContext) {
  const { db } = ctx;
  return {
    /** Contact Supplier enquiries, newest first (admin). */
    async enquiries(page: PageQuery = {}): Promise<Page<Enquiry>> {
      const found = await repo.enquiriesPage(db, page.cursor, page.limit ?? DEFAULT_PAGE_SIZE);
      return {
        items: found.items.map(({ row, productName }) => ({
          _id: row.id,
          toolId: row.toolId,
          productName,
          name: row.name,
          email: row.email,
          quantityWanted: row.quantityWanted,
          message: row.message,
          quoteRequest: row.isQuoteRequest,
          createdAt: row.createdAt.toISOString(),
        })),
        next: found.next,
      };
    },

    /** Contact Supplier: stored, and mailed to the shop; a quote request when more is wanted than available. */
    async enquire(
      caller: SessionUser,
      input: EnquiryRequest,
    ): Promise<{ id: string; quoteRequest: boolean }> {
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
      ctx.mail(
        ctx.shopEmail,
        `${quoteRequest ? 'Quote request' : 'Enquiry'}: ${input.quantityWanted} × ${tool.productName}`,
        `From: ${caller.name} <${caller.email}>\nTool: ${tool.productName} (${tool.available} available)\nQuantity wanted: ${input.quantityWanted}\n\n${input.message}\n`,
      );
      return { id, quoteRequest };
    },
  };
}
