/**
 * A tool's public page (decision 0053): `/tools/{slug}`, under each language's prefix too
 * (`/ja/tools/{slug}`: domain/language-paths.ts). The slug is the tool's JSON's `slug`; a
 * previous release's answer without one is linked by id, which the server sends on to the slug.
 */
export const toolPath = (tool: { _id: string; slug?: string | undefined }): string =>
  `/tools/${encodeURIComponent(tool.slug ?? tool._id)}`;

/** The tool a `/tools/{…}` path names (its slug or id), or null for any other path. */
export function toolPathName(path: string): string | null {
  const match = /^\/tools\/([^/]+)$/.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The brand the shop's own product data names (structured data, product feeds). */
export const shopBrand = 'Kanna';
