import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { blogTexts } from '../i18n/blog';

/** The questions, in the order the page asks them (their texts are the blog's, by these keys). */
const entries = ['database', 'prices', 'stock', 'sessions', 'images', 'speed'] as const;

export function BlogPage() {
  const t = useTexts(blogTexts);
  usePageMeta(t.title, t.description);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      <p className="mt-3 mb-8 text-base-content/80">{t.lead}</p>
      <div className="flex flex-col gap-3">
        {entries.map((key, index) => {
          const { question, first, second } = t.entries[key];
          return (
            <details
              key={key}
              className="collapse-arrow collapse border border-base-300 bg-base-100"
              open={index === 0}
            >
              <summary className="collapse-title text-lg font-semibold">{question}</summary>
              <div className="collapse-content flex flex-col gap-3 text-base-content/90">
                <p>{first}</p>
                <p>{second}</p>
              </div>
            </details>
          );
        })}
      </div>
    </div>
  );
}
