import type { Language } from '@kanna/shared/domain/languages';
import {
  isLegalSlug,
  legalPath,
  PAGE_BODY_MAX,
  PAGE_TITLE_MAX,
  type PageSlug,
} from '@kanna/shared/domain/pages';
import type { PageForOwner } from '@kanna/shared/pages';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { QueryState } from '../../../components/ui/query-state';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useShopTime } from '../../../lib/shop-time';
import { notify } from '../../../lib/toast';
import { previewMarkdown, usePagesForOwner, useSavePage } from '../api/pages';
import { PageBody } from '../components/page-body';
import { pagesTexts } from '../i18n';

/** Where a page is read, in `lang`. */
const pageAddress = (slug: PageSlug, lang: Language): string =>
  isLegalSlug(slug) ? legalPath(slug, lang) : `/${slug}`;

/**
 * /dashboard/pages (admin; docs/pages.md): the owner's pages in both languages — one page and one
 * language at a time: its title and Markdown, a preview made by the server exactly as the page
 * will serve it, Save, and the mark that the page is complete. `?page=<slug>` opens a page (the
 * overview links each page still to complete here).
 */
export function EditPagesPage() {
  const t = useTexts(pagesTexts);
  usePageMeta(t.editorTitle, t.editorDescription);
  const query = usePagesForOwner();
  return (
    <section aria-labelledby="pages-heading" className="w-full max-w-3xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 id="pages-heading" className="text-3xl font-bold">
        {t.editorTitle}
      </h1>
      <p className="mt-2 text-base-content/80">{t.editorLead}</p>
      <QueryState query={query} loadingLabel={t.loadingPages} errorTitle={t.pagesNotLoaded}>
        {(pages) => <Editor pages={pages} />}
      </QueryState>
    </section>
  );
}

type Draft = { title: string; body: string };

function Editor({ pages }: { pages: PageForOwner[] }) {
  const t = useTexts(pagesTexts);
  const when = useShopTime();
  const [params, setParams] = useSearchParams();
  const asked = params.get('page');
  const page = pages.find((p) => p.slug === asked) ?? pages[0];
  const [lang, setLang] = useState<Language>(useLanguage());
  // What the owner typed and has not saved, by page and language; and the completed marks.
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [marks, setMarks] = useState<Record<string, boolean>>({});
  const [preview, setPreview] = useState<{ key: string; html: string } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const save = useSavePage();
  const ids = { page: useId(), title: useId(), body: useId(), hint: useId(), completed: useId() };
  if (!page) return null;

  const key = `${page.slug}:${lang}`;
  const saved = page.texts[lang];
  const draft = drafts[key] ?? saved;
  const completed = marks[page.slug] ?? page.completed;
  const dirty = draft.title !== saved.title || draft.body !== saved.body || completed !== page.completed;
  const edit = (change: Partial<Draft>) => {
    setDrafts((all) => ({ ...all, [key]: { ...draft, ...change } }));
    setPreview(null);
  };

  const showPreview = async () => {
    setPreviewError(null);
    try {
      setPreview({ key, html: (await previewMarkdown(draft.body)).html });
    } catch (error) {
      setPreviewError(error instanceof Error ? error.message : t.previewFailed);
    }
  };

  const onSave = async () => {
    try {
      await save.mutateAsync({ slug: page.slug, write: { lang, ...draft, completed } });
    } catch (error) {
      void notify('error', error instanceof Error ? error.message : String(error));
      return;
    }
    setDrafts(({ [key]: _done, ...rest }) => rest);
    setMarks(({ [page.slug]: _done, ...rest }) => rest);
    void notify('success', t.saved(draft.title));
    save.reset();
  };

  const pageTitle = (p: PageForOwner) => p.texts[lang].title;
  return (
    <form
      className="mt-6 flex flex-col gap-5"
      aria-labelledby="pages-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1" htmlFor={ids.page}>
          <span className="font-semibold">{t.choosePage}</span>
          <select
            id={ids.page}
            className="select w-full"
            value={page.slug}
            onChange={(event) => {
              setPreview(null);
              setParams({ page: event.target.value }, { replace: true });
            }}
          >
            {pages.map((p) => (
              <option key={p.slug} value={p.slug}>
                {`${pageTitle(p)} — ${p.completed ? t.completedBadge : t.templateBadge}`}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-semibold">{t.language}</legend>
          <div className="join">
            {(['en', 'ja'] as const).map((l) => (
              // daisyUI's button radio: the input itself is the button, its name drawn from aria-label.
              <input
                key={l}
                type="radio"
                name="page-language"
                value={l}
                aria-label={l === 'en' ? t.english : t.japanese}
                checked={lang === l}
                onChange={() => {
                  setLang(l);
                  setPreview(null);
                }}
                className="btn join-item min-h-11 px-5"
              />
            ))}
          </div>
        </fieldset>
      </div>

      <p className="text-sm text-base-content/80">
        <span className={`badge mr-2 ${page.completed ? 'badge-success' : 'badge-warning'}`}>
          {page.completed ? t.completedBadge : t.templateBadge}
        </span>
        {page.updatedAt && page.updatedBy ? t.lastSaved(page.updatedBy, when(page.updatedAt)) : t.neverSaved}{' '}
        <Link to={pageAddress(page.slug, lang)} className="link link-primary">
          {t.view}
        </Link>
      </p>

      <label className="flex flex-col gap-1" htmlFor={ids.title}>
        <span className="font-semibold">{t.titleLabel}</span>
        <input
          id={ids.title}
          className="input w-full"
          lang={lang}
          value={draft.title}
          maxLength={PAGE_TITLE_MAX}
          required
          onChange={(event) => edit({ title: event.target.value })}
        />
      </label>

      <div className="flex flex-col gap-1">
        <label htmlFor={ids.body} className="font-semibold">
          {t.bodyLabel}
        </label>
        <p id={ids.hint} className="text-sm text-base-content/80">
          {t.bodyHint}
        </p>
        <textarea
          id={ids.body}
          className="textarea min-h-96 w-full font-mono text-sm leading-relaxed"
          lang={lang}
          aria-describedby={ids.hint}
          value={draft.body}
          maxLength={PAGE_BODY_MAX}
          rows={18}
          onChange={(event) => edit({ body: event.target.value })}
        />
      </div>

      <label className="flex min-h-11 items-center gap-3" htmlFor={ids.completed}>
        <input
          id={ids.completed}
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={completed}
          onChange={(event) => setMarks((all) => ({ ...all, [page.slug]: event.target.checked }))}
        />
        <span>{t.completedLabel}</span>
      </label>

      {dirty && (
        <p role="status" className="text-sm text-warning-content">
          {t.unsaved}
        </p>
      )}
      {save.error && <FormAlert>{save.error.message}</FormAlert>}

      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className="btn btn-outline min-h-11"
          onClick={() => (preview?.key === key ? setPreview(null) : void showPreview())}
          aria-expanded={preview?.key === key}
          aria-controls="page-preview"
        >
          {preview?.key === key ? t.hidePreview : t.preview}
        </button>
        <button type="submit" className="btn btn-primary min-h-11" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </button>
      </div>

      <div id="page-preview" aria-live="polite">
        {previewError && <FormAlert>{previewError}</FormAlert>}
        {preview?.key === key && (
          <section
            aria-labelledby="page-preview-heading"
            className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
          >
            <h2
              id="page-preview-heading"
              className="mb-2 text-sm font-semibold tracking-wide uppercase text-base-content/70"
            >
              {t.previewHeading}
            </h2>
            <div lang={lang}>
              <p className="text-2xl font-bold break-words">{draft.title}</p>
              <PageBody html={preview.html} className="mt-4" />
            </div>
          </section>
        )}
      </div>
    </form>
  );
}
