import { exportDocuments, getIssuedDocument, listDocuments } from '@kanna/shared/api/documents';
import type { FastifyPluginAsync } from 'fastify';
import { sendPage } from '../../lib/paging';
import { perAccountLimit, route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { ArchiveService } from './archive.service';

/** The archive of issued documents (docs/orders.md, "The document archive"). */
export const archiveRoutes =
  (
    archive: ArchiveService,
    guards: Guards,
    /** Downloads per account a minute (a client address: twice as many), as the order's documents; null: the contract's. */
    documentRateLimit: number | null = null,
  ): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, listDocuments, async ({ query, request, reply }) =>
      sendPage(request, reply, await archive.list(query)),
    );

    await route(
      app,
      guards,
      exportDocuments,
      async ({ query, reply }) => {
        const { fileName, zip } = await archive.exportZip(query);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(zip);
      },
      // PDFs are compressed already.
      { compress: false },
    );

    await route(
      app,
      guards,
      getIssuedDocument,
      async ({ params, query, user, reply }) => {
        const { fileName, pdf } = await archive.pdf(params.number, user, query.lang);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf);
      },
      { compress: false, ...perAccountLimit(documentRateLimit) },
    );
  };
