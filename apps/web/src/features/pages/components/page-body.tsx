/**
 * An owner's page body: the HTML the server made of its Markdown and sanitised
 * (apps/server/src/modules/pages/pages.markdown.ts — no script, no event handler, no
 * `javascript:` address ever reaches it), styled as running text.
 */
export function PageBody({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`page-body leading-relaxed break-words text-base-content/90 [&_a]:link [&_a]:link-primary [&_blockquote]:my-4 [&_blockquote]:rounded-box [&_blockquote]:border-l-4 [&_blockquote]:border-warning [&_blockquote]:bg-warning/10 [&_blockquote]:px-4 [&_blockquote]:py-3 [&_h1]:mt-8 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-base-300 [&_td]:p-2 [&_td]:align-top [&_th]:border [&_th]:border-base-300 [&_th]:bg-base-200 [&_th]:p-2 [&_th]:text-left [&_th]:align-top [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server (pages.markdown.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
