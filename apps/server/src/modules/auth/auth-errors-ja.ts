import { says } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import { messages } from '@kanna/shared/domain/messages';
import { isSaid, type Said } from '@kanna/shared/domain/translation';
import { textIn } from '../../lib/language';

/**
 * Better Auth's refusals (`{ code?, message }`) given a key at the edge, as the shop's own
 * answers have: the shop's refusals on its endpoints carry their key (`said`, thrown by
 * modules/auth/auth.ts), Better Auth's own are keyed by their code (`auth.<CODE>` in
 * messages.ts), a refusal for too many attempts is the shop's own.
 */
const authCodes = new Set(Object.keys(messages.auth));

function saidOf(parsed: { code?: unknown; key?: unknown; params?: unknown }, status: number): Said | null {
  const said = { key: parsed.key, params: parsed.params };
  if (isSaid(said)) return said;
  if (typeof parsed.code === 'string' && authCodes.has(parsed.code))
    return { key: `auth.${parsed.code}`, params: [] };
  if (status === 429) return says.tooManyRequests;
  return null;
}

/**
 * A refusal's JSON body with `key` and `params` beside its message, the message made from them
 * in `language`; a refusal of no known kind keeps its message, keyed `requestRefused`.
 */
export function authRefusalIn(body: Buffer, status: number, language: Language): Buffer {
  let parsed: { code?: unknown; key?: unknown; params?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(body.toString()) as typeof parsed;
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null) return body;
  const said = saidOf(parsed, status);
  const keyed = said
    ? { key: said.key, params: said.params, message: textIn(said, language) }
    : {
        key: says.requestRefused.key,
        params: [],
        message: parsed.message ?? textIn(says.requestRefused, language),
      };
  return Buffer.from(JSON.stringify({ ...parsed, ...keyed }));
}
