import type { Texts } from '@kanna/shared/domain/translation';

/** The home page's figures and company profile, and the 404 page. */
export default {
  trustTitle: 'TRUST IS THE KEY OF BUSINESS',
  trustLead: 'Try to work for user satisfaction',
  countries: 'Country',
  countriesSince: 'Jan 1st 2019 - Feb 1st 2022',
  productsSold: 'Product Sells',
  clients: 'Our Client',
  feedback: 'FeedBack',
  companyKicker: 'Company profile',
  companyText:
    'We are a founder of top-quality wooden tools in Japan. For three generations our workshop has made hammers, chisels, drivers, saw blades and planes for carpenters, joiners and furniture makers, and today we sell them factory direct, in bulk, to buyers around the world.',
  productionTitle: 'Advanced production technology',
  productionText:
    'Blades are forged and tempered on our own lines, then set and tuned by hand in seasoned Japanese oak.',
  qualityTitle: 'Quality control',
  qualityText: 'Every batch is inspected for edge hardness, flatness and fit before it leaves the workshop.',
  brandsTitle: 'Self-owned brands, 20+ patents',
  brandsText:
    'We sell under our own brands and hold more than 20 patented technologies in blade and body design.',
  visitsTitle: 'Visits and cooperation welcome',
  visitsText: 'Trade buyers, schools and workshops are welcome to visit the factory and to work with us.',
  notFoundTitle: 'Page not found',
  notFoundDescription: 'The page you asked for was not found on the Kanna shop.',
  notFoundHeading: 'Sorry, this page was not found',
  nothingAt: 'There is nothing at',
  notFoundHelp: 'It may have moved, or the address may be mistyped.',
  backHome: 'Back to the home page',
} satisfies Texts;
