import { useTexts, type WordKey } from '../../../lib/i18n';
import { marketingTexts } from '../i18n';
import type en from '../i18n/en';

interface Figure {
  value: string;
  label: WordKey<typeof en>;
  note?: WordKey<typeof en>;
}

const figures: Figure[] = [
  { value: '24+', label: 'countries', note: 'countriesSince' },
  { value: '400K+', label: 'productsSold' },
  { value: '434+', label: 'clients' },
  { value: '268+', label: 'feedback' },
];

/** 'TRUST IS THE KEY OF BUSINESS' with the spec's four figures. */
export function TrustBlock() {
  const t = useTexts(marketingTexts);
  return (
    <section aria-labelledby="trust-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6">
        <h2 id="trust-heading" className="text-3xl font-bold sm:text-4xl">
          {t.trustTitle}
        </h2>
        <p className="mt-3 text-lg text-base-content/80">{t.trustLead}</p>
        <ul className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {figures.map(({ value, label, note }) => (
            <li
              key={label}
              className="flex flex-col items-center gap-1 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
            >
              <p className="text-3xl font-extrabold text-primary sm:text-4xl">{value}</p>
              <p className="font-semibold">{t[label]}</p>
              {note && <p className="text-sm text-base-content/75">{t[note]}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
