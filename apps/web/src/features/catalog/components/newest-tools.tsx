import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { useTexts } from '../../../lib/i18n';
import { useTools } from '../api/get-tools';
import { catalogTexts } from '../i18n';
import { ToolGrid } from './tool-grid';

/** Spec §9: the home page shows the last 8 tools. */
export const HOME_TOOL_COUNT = 8;

/** Home page section 'Wooded Working Tools' (the spec's wording). */
export function NewestTools() {
  const t = useTexts(catalogTexts);
  const query = useTools({ limit: HOME_TOOL_COUNT });
  return (
    <section aria-labelledby="tools-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">{t.factoryDirect}</p>
          <h2 id="tools-heading" className="text-3xl font-bold sm:text-4xl">
            {t.newestTitle}
          </h2>
        </div>
        <Link to="/allProduct" className="link link-primary inline-flex items-center gap-1 font-semibold">
          {t.seeMore}
          <span className="sr-only">{t.seeMoreTools}</span>
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <ToolGrid query={query} headingLevel={3} />
    </section>
  );
}
