import { usePageMeta } from '../../../lib/page-meta';
import { toolKindNames } from '../../../lib/tools';
import { useTools } from '../api/get-tools';
import { CatalogFilters } from '../components/catalog-filters';
import { ToolGrid } from '../components/tool-grid';
import { useCatalogFilters } from '../hooks/use-catalog-filters';

const toolCount = (n: number) => (n === 1 ? '1 tool' : `${n} tools`);

export function AllProductsPage() {
  usePageMeta(
    'All wooden tools',
    'Every Japanese wooden hand tool Kanna makes — hammers, chisels, drivers, saw blades and planes — with bulk prices and order quantities.',
  );
  const { filters, update, clear } = useCatalogFilters();
  const query = useTools({
    search: filters.search || undefined,
    sort: filters.sort,
    kind: filters.kind || undefined,
  });
  const filtered = filters.search !== '' || filters.kind !== '';
  const updating = query.isPlaceholderData && query.isFetching;

  let summary = '';
  if (query.data && !updating) {
    summary = toolCount(query.data.length);
    if (filters.kind) summary += ` in ${toolKindNames[filters.kind].many}`;
    if (filters.search) summary += ` matching “${filters.search}”`;
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">All wooden tools</h1>
      <p className="mt-3 mb-6 max-w-3xl text-base-content/80">
        Every tool we make in our workshop, hand-finished and sold factory direct in bulk: choose a tool,
        order between its minimum and available quantity, and we ship it from Japan.
      </p>
      <CatalogFilters filters={filters} onChange={update} />
      <p role="status" className="mt-4 mb-4 min-h-6 text-sm text-base-content/80">
        {updating ? 'Updating the list…' : summary}
      </p>
      <div aria-busy={updating} className={updating ? 'opacity-60 transition-opacity' : undefined}>
        <ToolGrid
          query={query}
          headingLevel={2}
          eagerCount={2}
          empty={
            filtered ? (
              <>
                No tools match your search.{' '}
                <button type="button" className="btn btn-link px-1 align-baseline" onClick={clear}>
                  Show all tools
                </button>
              </>
            ) : undefined
          }
        />
      </div>
    </div>
  );
}
