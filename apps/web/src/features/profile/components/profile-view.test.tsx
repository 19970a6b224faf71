import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userRecord } from '../../../test/pages';
import { ProfileView } from './profile-view';

const base = userRecord({
  email: 'hana@kanna.example',
  displayName: 'Hana Sato',
  createdAt: '2026-01-05T09:00:00.000Z',
});

const shownFor = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

describe('ProfileView', () => {
  it("says 'no data found!' for every empty field, and shows the default picture", () => {
    render(<ProfileView user={base} />);
    for (const label of [
      'Company',
      'Department',
      'Phone',
      'District',
      'City',
      'Street address',
      'Country',
      'Facebook',
      'LinkedIn',
    ])
      expect(shownFor(label).textContent, label).toBe('no data found!');
    expect(shownFor('Name').textContent).toBe('Hana Sato');
    expect(shownFor('Email').textContent).toBe('hana@kanna.example');
    expect(screen.getByRole('img', { name: 'Default picture' }).getAttribute('src')).toBe(
      '/default-avatar.svg',
    );
  });

  it('shows filled fields, with the social profiles as links', () => {
    render(
      <ProfileView
        user={{
          ...base,
          phone: '+81 90 1234 5678',
          district: 'Kita',
          city: 'Osaka',
          streetAddress: '1-2-3 Umeda',
          country: 'JP',
          company: '佐藤木工株式会社',
          department: 'Purchasing',
          facebook: 'https://facebook.com/hana.sato',
          linkedin: 'https://www.linkedin.com/in/hana-sato',
          img: 'https://images.example/hana.webp',
        }}
      />,
    );
    expect(screen.queryByText('no data found!')).toBeNull();
    expect(shownFor('City').textContent).toBe('Osaka');
    expect(shownFor('Company').textContent).toBe('佐藤木工株式会社');
    expect(shownFor('Department').textContent).toBe('Purchasing');
    expect(shownFor('Country').textContent).toBe('Japan');
    const facebook = within(shownFor('Facebook')).getByRole('link');
    expect(facebook.getAttribute('href')).toBe('https://facebook.com/hana.sato');
    expect(facebook.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('img', { name: "Hana Sato's picture" }).getAttribute('src')).toBe(
      'https://images.example/hana.webp',
    );
  });
});
