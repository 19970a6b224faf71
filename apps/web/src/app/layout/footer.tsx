import { Link } from 'react-router';
import { ClockIcon, PhoneIcon, PinIcon } from '../../components/ui/icons';

const groups = [
  { title: 'Services', links: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

const SHOP_PHONE = '+81 794-82-0471';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-5">
        <div className="col-span-2">
          <p className="text-2xl font-extrabold">Kanna Tool Works</p>
          <address className="mt-4 flex flex-col gap-3 not-italic">
            <span className="flex gap-3">
              <PinIcon className="mt-0.5 size-5 shrink-0" />
              <span>
                2-14-3 Kanamono-cho, Miki,
                <br />
                Hyogo 673-0432, Japan
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
              <span>Monday to Saturday 10AM to 5PM, closed Sunday</span>
            </span>
          </address>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
            <h2 id={`footer-${group.title}`} className="footer-title mb-3 opacity-80">
              {group.title}
            </h2>
            <ul className="flex flex-col gap-2">
              {group.links.map((label) => (
                <li key={label}>
                  <Link to="/home" className="link link-hover">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/20">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6">
          Copyright © {year} Kanna Tool Works. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
