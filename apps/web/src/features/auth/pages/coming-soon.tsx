import { Link, useLocation } from 'react-router';

interface ComingSoonProps {
  title: string;
  /** What the page will do once accounts exist. */
  purpose: string;
}

const isFromState = (state: unknown): state is { from: { pathname: string } } =>
  typeof state === 'object' &&
  state !== null &&
  typeof (state as { from?: { pathname?: unknown } }).from?.pathname === 'string';

/** Honest placeholder for the sign-in screens until accounts are built. */
export function ComingSoon({ title, purpose }: ComingSoonProps) {
  const { state } = useLocation();
  const from = isFromState(state) ? state.from.pathname : undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {from && (
        <p className="mt-4 rounded-box border border-base-300 bg-base-200 p-4" role="status">
          You need to sign in to open <code className="font-mono break-all">{from}</code>.
        </p>
      )}
      <p className="mt-4">
        Sign-in is coming soon. {purpose} Accounts are not open yet, so this page does not sign anyone in.
      </p>
      <p className="mt-2 text-base-content/80">
        Until then you can browse every tool and read what our clients say.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/allProduct" className="btn btn-primary">
          Browse the tools
        </Link>
        <Link to="/home" className="btn btn-outline">
          Back to the home page
        </Link>
      </div>
    </div>
  );
}
