import { usePageMeta } from '../../../lib/page-meta';
import { useReviews } from '../api/get-reviews';
import { ReviewGrid } from '../components/review-grid';

export function AllReviewsPage() {
  usePageMeta(
    'Client reviews',
    'What woodworkers and trade buyers say about Kanna’s Japanese wooden hand tools.',
  );
  const query = useReviews();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="mb-8 text-3xl font-bold sm:text-4xl">CLIENT REVIEW</h1>
      <ReviewGrid query={query} headingLevel={2} columns={3} />
    </div>
  );
}
