import { NewestTools } from '../../features/catalog/components/newest-tools';
import { CompanyProfile } from '../../features/marketing/components/company-profile';
import { TrustBlock } from '../../features/marketing/components/trust-block';
import { NewsletterBanner } from '../../features/newsletter/components/newsletter-banner';
import { NewestReviews } from '../../features/reviews/components/newest-reviews';
import { pageDataOf } from '../../lib/page-data';
import { queryClient } from '../../lib/query-client';
import { QueryProvider } from '../query-provider';
import { HOME_PAGE, type HomeData, primeHomeData } from './home-data';

// A page the server rendered brings the tools and reviews it shows: the sections hydrate with
// exactly those, before any request.
const fromServer = pageDataOf<HomeData>(HOME_PAGE);
if (fromServer) primeHomeData(queryClient, fromServer);

/** Everything on the home page below the banner; its own chunk, loaded right after first paint. */
export function HomeSections({ companyProfileId }: { companyProfileId: string }) {
  return (
    <QueryProvider>
      <NewestTools />
      <TrustBlock />
      <CompanyProfile id={companyProfileId} />
      <NewsletterBanner />
      <NewestReviews />
    </QueryProvider>
  );
}
