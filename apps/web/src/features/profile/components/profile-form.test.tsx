import { messages } from '@kanna/shared/domain/messages';
import type { UserRecord } from '@kanna/shared/users';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProfileEditForm } from './profile-form';

const user = {
  email: 'hana@kanna.example',
  displayName: 'Hana Sato',
  role: 'user',
  emailVerified: true,
  phone: null,
  district: 'Chuo',
  city: 'Tokyo',
  streetAddress: null,
  country: null,
  facebook: null,
  linkedin: null,
  img: null,
  createdAt: '2026-01-05T09:00:00.000Z',
} as UserRecord;

function renderForm() {
  const onSave = vi.fn(() => Promise.resolve());
  render(
    <MemoryRouter>
      <ProfileEditForm user={user} onSave={onSave} />
    </MemoryRouter>,
  );
  const typePhone = (value: string) =>
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value } });
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Update profile' }));
  return { onSave, typePhone, save };
}

describe('ProfileEditForm: the phone number', () => {
  it('takes a number as people write it and saves it in the normal form', async () => {
    const { onSave, typePhone, save } = renderForm();
    typePhone('(03) 1234-5678');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ phone: '+81 3 1234 5678' }));
  });

  it('says what it accepts when the number is not one, and saves nothing', async () => {
    const { onSave, typePhone, save } = renderForm();
    expect(screen.getByText(messages.phoneHint)).toBeTruthy();
    typePhone('call me');
    save();
    expect(await screen.findByText(messages.phoneInvalid)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('ProfileEditForm: the country', () => {
  it('starts unset, and saves the country chosen by its code', async () => {
    const { onSave, typePhone, save } = renderForm();
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.selectedOptions[0]?.textContent).toBe('Not set');
    expect(screen.getByText(/The checkout starts from this country/)).toBeTruthy();
    typePhone('03 1234 5678');
    fireEvent.change(country, { target: { value: 'KR' } });
    expect(country.value).toBe('KR');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ country: 'KR' }));
  });

  it('offers Japan first, then each country once by its name', () => {
    renderForm();
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    const names = [...country.options].map((o) => o.textContent);
    expect(names.slice(0, 3)).toEqual(['Not set', 'Japan', 'Afghanistan']);
    expect(names.filter((name) => name === 'Serbia')).toHaveLength(1);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});

describe('ProfileEditForm: the company and department', () => {
  it('saves them as typed, and an emptied one as none', async () => {
    const { onSave, typePhone, save } = renderForm();
    typePhone('03 1234 5678');
    fireEvent.change(screen.getByLabelText(/^Company/), { target: { value: ' 山田木工所 ' } });
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ company: '山田木工所', department: '' }));
  });

  it('says a company longer than 100 characters is refused, and saves nothing', async () => {
    const { onSave, typePhone, save } = renderForm();
    typePhone('03 1234 5678');
    fireEvent.change(screen.getByLabelText(/^Department/), { target: { value: 'x'.repeat(101) } });
    save();
    expect(await screen.findByText('at most 100 characters')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});
