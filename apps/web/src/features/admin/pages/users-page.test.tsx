import { messages } from '@kanna/shared/domain/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { json, userRecord } from '../../../test/pages';
import { UsersTable } from '../components/users-table';
import { UsersPage } from './users-page';

const notify = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../../lib/toast', () => ({ notify }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    status: 'signed-in',
    user: { id: '1', email: 'admin@kanna.example', name: 'Kanna Admin', image: null, role: 'admin' },
  }),
}));

const record = userRecord;

const admin = record({ email: 'admin@kanna.example', displayName: 'Kanna Admin', role: 'admin' });
const buyer = record({
  email: 'taro@example.jp',
  displayName: 'Taro Yamada',
  createdAt: '2025-02-03T10:00:00.000Z',
});

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
/** Answers the open dialog named `title` with its button `answer`. */
const confirmIn = (title: string, answer: string) =>
  fireEvent.click(within(screen.getByRole('dialog', { name: title })).getByRole('button', { name: answer }));

afterEach(() => {
  vi.unstubAllGlobals();
  notify.mockClear();
});

describe('UsersTable', () => {
  it('lists name, e-mail, role and joining date, and hides Admin for admins', () => {
    const onPromote = vi.fn();
    render(
      <UsersTable
        users={[admin, buyer]}
        onPromote={onPromote}
        onDemote={() => {}}
        onApprove={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'E-mail',
      'Role',
      'Joined',
      'Actions',
    ]);
    const adminRow = rowOf('Kanna Admin');
    expect(within(adminRow).queryByRole('button', { name: 'Admin' })).toBeNull();
    expect(within(adminRow).getByRole('button', { name: 'Delete' })).toBeTruthy();

    const buyerRow = rowOf('Taro Yamada');
    expect(within(buyerRow).getByText('taro@example.jp')).toBeTruthy();
    expect(within(buyerRow).getByText('Feb 3, 2025')).toBeTruthy();
    fireEvent.click(within(buyerRow).getByRole('button', { name: 'Admin' }));
    expect(onPromote).toHaveBeenCalledWith(buyer);
  });
});

let location = '';
function Probe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

/** The page in a router, as in the app: its filters live in the address. */
function renderPage(url = '/dashboard/users') {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <UsersPage />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('UsersPage', () => {
  it("promotes a user: 'made a new admin', and the list shows them as admin", async () => {
    let promoted = false;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users') return json(200, [admin, promoted ? { ...buyer, role: 'admin' } : buyer]);
      if (url === '/api/users/admin/taro%40example.jp' && init?.method === 'PUT') {
        promoted = true;
        return json(200, { acknowledged: true, modifiedCount: 1 });
      }
      return json(404, { statusCode: 404, error: 'Not Found', message: 'nope' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Taro Yamada/ })).getByRole('button', { name: 'Admin' }),
    );
    confirmIn('Make Taro Yamada an administrator?', 'Yes, make admin');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'made a new admin'));
    await waitFor(() =>
      expect(within(rowOf('Taro Yamada')).queryByRole('button', { name: 'Admin' })).toBeNull(),
    );
  });

  it('approves a customer for large unpaid orders, and can withdraw it', async () => {
    let approved = false;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users') return json(200, [admin, { ...buyer, approved }]);
      if (url === '/api/users/taro%40example.jp/approval' && init?.method === 'PUT') {
        approved = JSON.parse(String(init.body)).approved;
        return json(200, { acknowledged: true, modifiedCount: 1 });
      }
      return json(404, { statusCode: 404, error: 'Not Found', message: 'nope' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const row = await screen.findByRole('row', { name: /Taro Yamada/ });
    expect(within(row).queryByText('Approved')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', messages.buyerApproved('Taro Yamada')),
    );
    expect(await within(rowOf('Taro Yamada')).findByText('Approved')).toBeTruthy();
    fireEvent.click(within(rowOf('Taro Yamada')).getByRole('button', { name: 'Withdraw approval' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', messages.approvalWithdrawn('Taro Yamada')),
    );
    expect(approved).toBe(false);
  });

  it("warns 'you are not make a admin' when the server answers 403", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/users'
          ? json(200, [admin, buyer])
          : json(403, { statusCode: 403, error: 'Forbidden', message: 'Administrators only.' }),
      ),
    );
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Taro Yamada/ })).getByRole('button', { name: 'Admin' }),
    );
    confirmIn('Make Taro Yamada an administrator?', 'Yes, make admin');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('warning', 'you are not make a admin'));
  });

  it('Make Admin asks first: nothing is sent until the admin confirms, and backing out sends nothing', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      url === '/api/users'
        ? json(200, [admin, buyer])
        : init?.method === 'PUT'
          ? json(200, { acknowledged: true, modifiedCount: 1 })
          : json(404, { statusCode: 404, error: 'Not Found', message: 'nope' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const adminButton = () => within(rowOf('Taro Yamada')).getByRole('button', { name: 'Admin' });
    await screen.findByRole('row', { name: /Taro Yamada/ });
    const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    fireEvent.click(adminButton());
    const dialog = screen.getByRole('dialog', { name: 'Make Taro Yamada an administrator?' });
    expect(dialog.textContent).toMatch(/manage users, products and orders/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep as customer' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Make Taro Yamada an administrator?' })).toBeNull(),
    );
    expect(puts()).toEqual([]);
    fireEvent.click(adminButton());
    confirmIn('Make Taro Yamada an administrator?', 'Yes, make admin');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.promoted));
    expect(puts().map(([url]) => url)).toEqual(['/api/users/admin/taro%40example.jp']);
  });

  it('Remove admin asks first, then sends DELETE /api/users/admin/{email}; the row becomes a customer', async () => {
    const deputy = record({ email: 'jiro@example.jp', displayName: 'Jiro Sato', role: 'admin' });
    let demoted = false;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users') return json(200, [admin, demoted ? { ...deputy, role: 'user' } : deputy]);
      if (url === '/api/users/admin/jiro%40example.jp' && init?.method === 'DELETE') {
        demoted = true;
        return json(200, { acknowledged: true, modifiedCount: 1 });
      }
      return json(404, { statusCode: 404, error: 'Not Found', message: 'nope' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Jiro Sato/ })).getByRole('button', {
        name: 'Remove admin',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove admin rights from Jiro Sato?' });
    expect(within(dialog).getByRole('button', { name: 'Keep admin' })).toBeTruthy();
    expect(demoted).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove admin' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.adminRemoved('Jiro Sato')));
    expect(demoted).toBe(true);
    await waitFor(() =>
      expect(within(rowOf('Jiro Sato')).getByRole('button', { name: 'Admin' })).toBeTruthy(),
    );
    expect(within(rowOf('Jiro Sato')).queryByRole('button', { name: 'Remove admin' })).toBeNull();
  });

  it('gives a customer a price list from the lists, and back to the list price', async () => {
    let given: unknown = 'none sent';
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users') return json(200, [admin, buyer]);
      if (url === '/api/price-lists')
        return json(200, [{ id: 'list-85', name: 'Trade 85', percent: 85, fixedPrices: [], buyers: [] }]);
      if (url === '/api/users/taro%40example.jp/price-list' && init?.method === 'PUT') {
        given = JSON.parse(String(init.body)).priceListId;
        return json(200, { acknowledged: true, modifiedCount: 1 });
      }
      return json(404, { statusCode: 404, error: 'Not Found', message: 'nope' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const row = await screen.findByRole('row', { name: /Taro Yamada/ });
    expect(within(rowOf('Kanna Admin')).queryByRole('button', { name: 'Price list' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Price list' }));
    const dialog = screen.getByRole('dialog', { name: 'Price list of Taro Yamada' });
    const select = (await within(dialog).findByLabelText('Price list')) as HTMLSelectElement;
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'list-85' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Taro Yamada now pays the prices of “Trade 85”.'),
    );
    expect(given).toBe('list-85');
    expect(screen.queryByRole('dialog', { name: 'Price list of Taro Yamada' })).toBeNull();
  });

  it("shows the server's refusal to remove the last administrator in the dialog", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'DELETE'
          ? json(409, { statusCode: 409, error: 'Conflict', message: messages.lastAdminRoleKept })
          : json(200, [admin, buyer]),
      ),
    );
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Kanna Admin/ })).getByRole('button', {
        name: 'Remove admin',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove admin rights from Kanna Admin?' });
    expect(dialog.textContent).toMatch(/your own account/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove admin' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.lastAdminRoleKept);
    expect(notify).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep admin' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove admin rights from Kanna Admin?' })).toBeNull(),
    );
    expect(within(rowOf('Kanna Admin')).getByRole('button', { name: 'Remove admin' })).toBeTruthy();
  });

  it("asks before deleting, and shows the server's reason when it refuses", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'DELETE'
          ? json(409, { statusCode: 409, error: 'Conflict', message: 'You cannot delete your own account.' })
          : json(200, [admin, buyer]),
      ),
    );
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Kanna Admin/ })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete the account of Kanna Admin?' });
    expect(within(dialog).getByRole('button', { name: 'Keep user' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete user' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You cannot delete your own account.',
    );
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('UsersPage search and paging', () => {
  it('reads the search and role from the address and asks the server for them', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, [buyer]));
    vi.stubGlobal('fetch', fetchMock);
    renderPage('/dashboard/users?q=taro&role=user');
    await screen.findByRole('row', { name: /Taro Yamada/ });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/users?q=taro&role=user']);
    expect((screen.getByLabelText('Search by e-mail or name') as HTMLInputElement).value).toBe('taro');
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('user');
  });

  it('writes the search and role into the address and says when nobody matches', async () => {
    const fetchMock = vi.fn(async (url: string) => json(200, url === '/api/users' ? [admin, buyer] : []));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await screen.findByRole('row', { name: /Taro Yamada/ });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    expect(location).toBe('/dashboard/users?role=admin');
    fireEvent.change(screen.getByLabelText('Search by e-mail or name'), { target: { value: 'zz' } });
    await waitFor(() => expect(location).toBe('/dashboard/users?q=zz&role=admin'), { timeout: 3000 });
    expect(await screen.findByText('No user matches your search.', {}, { timeout: 3000 })).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/users?q=zz&role=admin');
  });

  it('loads the next page with the cursor from the Link header', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/users'
        ? new Response(JSON.stringify([admin]), {
            status: 200,
            headers: { 'Content-Type': 'application/json', Link: '</api/users?cursor=c1>; rel="next"' },
          })
        : json(200, [buyer]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await screen.findByRole('row', { name: /Kanna Admin/ });
    fireEvent.click(screen.getByRole('button', { name: 'Load more users' }));
    await screen.findByRole('row', { name: /Taro Yamada/ });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/users', '/api/users?cursor=c1']);
    expect(screen.getByText('2 users shown.')).toBeTruthy();
  });
});

describe('UsersPage in Japanese', () => {
  it('says the list, its filters, roles and buttons in Japanese, and asks before deleting', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [admin, { ...buyer, approved: true }])),
    );
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard/users']}>
          <LanguageContext value="ja">
            <UsersPage />
          </LanguageContext>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('2人を表示しています。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'ユーザー' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '名前',
      'メールアドレス',
      '役割',
      '登録日',
      '操作',
    ]);
    expect(screen.getByLabelText('メールアドレスまたは名前で検索')).toBeTruthy();
    const role = screen.getByLabelText('役割') as HTMLSelectElement;
    expect([...role.options].map((o) => o.textContent)).toEqual(['すべての人', '顧客', '管理者']);
    const you = rowOf('Kanna Admin');
    expect(within(you).getByText('（あなた）')).toBeTruthy();
    expect(within(you).getByRole('button', { name: /^管理者を外す/ })).toBeTruthy();
    const taro = rowOf('Taro Yamada');
    expect(within(taro).getByText('承認済み')).toBeTruthy();
    expect(within(taro).getByText('2025年2月3日')).toBeTruthy();
    expect(within(taro).getByRole('button', { name: /^管理者にする/ })).toBeTruthy();
    expect(within(taro).getByRole('button', { name: /^承認を取り消す/ })).toBeTruthy();
    fireEvent.click(within(taro).getByRole('button', { name: /^削除/ }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Taro Yamada さんのアカウントを削除しますか？' }),
    );
    expect(dialog.getByText('Taro Yamada さん（taro@example.jp）はログインできなくなります。')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'ユーザーを残す' }));
    fireEvent.click(within(taro).getByRole('button', { name: /^管理者にする/ }));
    expect(screen.getByRole('dialog', { name: 'Taro Yamada さんを管理者にしますか？' })).toBeTruthy();
  });
});
