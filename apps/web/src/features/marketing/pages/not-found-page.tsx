import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';

export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you asked for was not found on the Kanna shop.');
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-7xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">Sorry, this page was not found</h1>
      <p className="mt-3 break-all text-base-content/80">
        There is nothing at <code className="font-mono">{pathname}</code>. It may have moved, or the address
        may be mistyped.
      </p>
      <Link to="/home" className="btn btn-primary mt-8">
        Back to the home page
      </Link>
    </div>
  );
}
