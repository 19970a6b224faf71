import { usePageMeta } from '../../../lib/page-meta';
import { useTools } from '../api/get-tools';
import { ToolGrid } from '../components/tool-grid';

export function AllProductsPage() {
  usePageMeta(
    'All wooden tools',
    'Every Japanese wooden hand tool Kanna makes — hammers, chisels, drivers, saw blades and planes — with bulk prices and order quantities.',
  );
  const query = useTools();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">All wooden tools</h1>
      <p className="mt-3 mb-8 max-w-3xl text-base-content/80">
        Every tool we make in our workshop, hand-finished and sold factory direct in bulk: choose a tool,
        order between its minimum and available quantity, and we ship it from Japan.
      </p>
      <ToolGrid query={query} headingLevel={2} eagerCount={2} />
    </div>
  );
}
