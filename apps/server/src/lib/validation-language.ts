import { messages } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import { isSaid } from '@kanna/shared/domain/translation';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { en, ja } from 'zod/locales';
import { textIn } from './language';

const english = en();
const japanese = ja();

/** What the request's fields are, as zod's `invalid_type` names them, in Japanese. */
const kinds: Record<string, string> = {
  string: '文字列',
  number: '数値',
  int: '整数',
  boolean: '真偽値',
  array: '配列',
  object: 'オブジェクト',
};

/** An issue as zod's locales read it. */
type ZodIssue = Parameters<typeof english.localeError>[0];
/** The codes of zod's issues, each of which its locales say. */
const zodIssueCodes: ReadonlySet<unknown> = new Set<ZodIssue['code']>([
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
]);

/**
 * Fastify keeps a zod issue's code as the error's `keyword` and its other fields as `params`:
 * put back together, it is the issue zod gave, when its code is one of zod's.
 */
function isZodIssue(value: unknown): value is ZodIssue {
  return typeof value === 'object' && value !== null && 'code' in value && zodIssueCodes.has(value.code);
}

/**
 * The message of one field the contract refused. The shop's own rules give their messages
 * (messages.ts; plugins/errors.ts says them in the caller's language); where zod gave its own,
 * a Japanese reader gets zod's Japanese for the same issue — for a wrong type without what was
 * sent, which the issue does not keep.
 */
function validationMessage(v: FastifySchemaValidationError, language: Language): string {
  const message = v.message ?? messages.fieldInvalid;
  if (language !== 'ja') return message;
  const issue: unknown = { code: v.keyword, ...v.params, path: [], message };
  const zodSaid = (locale: typeof english) => {
    if (!isZodIssue(issue)) return undefined;
    const said = locale.localeError(issue);
    return typeof said === 'string' ? said : said?.message;
  };
  if (zodSaid(english) === message) return zodSaid(japanese) ?? message;
  if (v.keyword === 'invalid_type' && message.startsWith('Invalid input: expected ')) {
    const expected = String(v.params.expected ?? '');
    return `入力が正しくありません。${kinds[expected] ?? expected}を指定してください`;
  }
  return message;
}

/** A message by its key, with the text made from it in the reader's language (an error body's fields). */
export type Told = { key: string; params: readonly unknown[]; message: string };

/** Zod's own issue fields that say what was wanted (the params of a `zod.*` key). */
const zodParams = ['expected', 'origin', 'format', 'minimum', 'maximum', 'inclusive', 'divisor'] as const;

/**
 * One refused field, by key: a contract's own check carries its message's key (`told`/`issueOf`
 * in messages.ts), said from it in `language`; an issue zod made itself is keyed `zod.<its code>`
 * with what was wanted as params, and said in zod's words for the language.
 */
export function validationTold(v: FastifySchemaValidationError, language: Language): Told {
  const said = (v.params as { said?: unknown }).said;
  if (isSaid(said)) return { key: said.key, params: said.params, message: textIn(said, language) };
  const params = zodParams.flatMap((name) => {
    const value = (v.params as Record<string, unknown>)[name];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? [value]
      : [];
  });
  return { key: `zod.${v.keyword}`, params, message: validationMessage(v, language) };
}
