import { listAudit } from '@kanna/shared/api/audit';
import type { FastifyPluginAsync } from 'fastify';
import { sendPage } from '../../lib/paging';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { AuditService } from './audit.service';

/** GET /api/audit — the audit log (admin; docs/rules.md, "Audit log"). Nothing writes it but the actions themselves. */
export const auditRoutes =
  (audit: AuditService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, listAudit, async ({ query, request, reply }) =>
      sendPage(request, reply, await audit.list(query)),
    );
  };
