import { Component, type ReactNode } from 'react';

interface PageErrorBoundaryProps {
  /** When this changes (the route), a shown error is cleared so the next page can render. */
  resetKey: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  error: unknown;
  failedKey: string | null;
}

/** Catches what a page throws while rendering or loading its chunk; the layout stays. */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<PageErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: PageErrorBoundaryProps,
    state: PageErrorBoundaryState,
  ): Partial<PageErrorBoundaryState> | null {
    if (state.failedKey === null) return state.error ? { failedKey: props.resetKey } : null;
    if (state.failedKey !== props.resetKey) return { error: null, failedKey: null };
    return null;
  }

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error);
    return this.props.children;
  }
}
