import { type LegalSlug, legalPath } from '@kanna/shared/domain/pages';
import { Link } from 'react-router';
import { ClockIcon, PhoneIcon, PinIcon } from '../../components/ui/icons';
import { useTexts, type WordKey } from '../../lib/i18n';
import { appTexts } from '../i18n/first';
import type en from '../i18n/first.en';

type Word = WordKey<typeof en>;

/**
 * The footer's links, each to a real page (decision 0054; the spec's columns all led to /home): the
 * owner's pages about the shop and the legal pages a shop selling in Japan must publish
 * (docs/pages.md), at the reader's language's address (the router's base adds /ja).
 */
const groups: { title: Word; links: { label: Word; slug: LegalSlug }[] }[] = [
  {
    title: 'footerCompany',
    links: [
      { label: 'aboutUs', slug: 'about' },
      { label: 'shippingPayment', slug: 'shipping-payment' },
    ],
  },
  {
    title: 'footerLegal',
    links: [
      { label: 'legalNotice', slug: 'tokushoho' },
      { label: 'termsOfSale', slug: 'terms' },
      { label: 'privacyPolicy', slug: 'privacy' },
    ],
  },
];

const SHOP_PHONE = '+81 794-82-0471';

export function Footer() {
  const t = useTexts(appTexts);
  const year = new Date().getFullYear();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2">
          <p className="text-2xl font-extrabold">Kanna Tool Works</p>
          <address className="mt-4 flex flex-col gap-3 not-italic">
            <span className="flex gap-3">
              <PinIcon className="mt-0.5 size-5 shrink-0" />
              <span>
                {t.addressLine1}
                <br />
                {t.addressLine2}
              </span>
            </span>
            <span className="flex gap-3">
              <PhoneIcon className="mt-0.5 size-5 shrink-0" />
              <a href={`tel:${SHOP_PHONE.replaceAll(/[\s-]/g, '')}`} className="link link-hover">
                {SHOP_PHONE}
              </a>
            </span>
            <span className="flex gap-3">
              <ClockIcon className="mt-0.5 size-5 shrink-0" />
              <span>{t.openingHours}</span>
            </span>
          </address>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
            <h2 id={`footer-${group.title}`} className="footer-title mb-3 opacity-80">
              {t[group.title]}
            </h2>
            <ul className="flex flex-col gap-2">
              {group.links.map(({ label, slug }) => (
                <li key={label}>
                  <Link
                    to={legalPath(slug, 'en') /* the router adds the reader's /ja */}
                    className="link link-hover"
                  >
                    {t[label]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/20">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6">{t.copyright(year)}</p>
      </div>
    </footer>
  );
}
