import { Link, useLocation } from 'react-router';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { marketingTexts } from '../i18n';

export function NotFoundPage() {
  const t = useTexts(marketingTexts);
  usePageMeta(t.notFoundTitle, t.notFoundDescription);
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-7xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t.notFoundHeading}</h1>
      <p className="mt-3 break-all text-base-content/80">
        {t.nothingAt} <code className="font-mono">{pathname}</code>. {t.notFoundHelp}
      </p>
      <Link to="/home" className="btn btn-primary mt-8">
        {t.backHome}
      </Link>
    </div>
  );
}
