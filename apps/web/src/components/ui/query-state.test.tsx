import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state';

/** Just enough of a query result for QueryState to read. */
const queryIn = <T,>(state: Partial<UseQueryResult<T>>) =>
  ({ isPending: false, isError: false, isFetching: false, refetch: vi.fn(), ...state }) as UseQueryResult<T>;

describe('QueryState', () => {
  it('renders one record, not only lists', () => {
    render(
      <QueryState query={queryIn({ data: { name: 'Hana' } })} loadingLabel="Loading" errorTitle="Failed">
        {(user) => <p>{user.name}</p>}
      </QueryState>,
    );
    expect(screen.getByText('Hana')).toBeTruthy();
  });

  it('says a list is empty', () => {
    render(
      <QueryState
        query={queryIn<string[]>({ data: [] })}
        loadingLabel="Loading"
        errorTitle="Failed"
        empty="None yet."
      >
        {(items) => <p>{items.length} items</p>}
      </QueryState>,
    );
    expect(screen.getByText('None yet.')).toBeTruthy();
  });

  it('shows why loading failed and loads again on Retry', () => {
    const query = queryIn({ isError: true, error: new Error('Server is busy') });
    render(
      <QueryState query={query} loadingLabel="Loading" errorTitle="Your profile could not be loaded.">
        {() => null}
      </QueryState>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your profile could not be loaded.');
    expect(alert.textContent).toContain('Server is busy');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });
});
