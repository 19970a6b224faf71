import { type FormEvent, useId } from 'react';
import { MailIcon } from '../../../components/ui/icons';
import { useHydrated } from '../../../lib/hydrated';
import { notify } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

/**
 * 'Subscribe to our newsletter'. The form does not validate in the browser (spec §5: no
 * validation); the server does, and its message — welcome or refusal — is shown as a toast.
 *
 * The field is read when the form is sent rather than kept in state: the home page arrives
 * rendered by the server, and an address typed before the page has hydrated is in the field
 * but was never seen by React. Until then Subscribe is disabled (see useHydrated).
 */
export function NewsletterBanner() {
  const inputId = useId();
  const subscribe = useSubscribeNewsletter();
  const hydrated = useHydrated();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    subscribe.mutate(
      { email },
      {
        onSuccess: (result) => {
          form.reset();
          void notify('success', result.message);
        },
        onError: (error) => void notify('error', error.message),
      },
    );
  };

  return (
    <section aria-labelledby="newsletter-heading" className="wood-grain text-neutral-content">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-14 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="newsletter-heading" className="text-3xl font-bold sm:text-4xl">
            Subscribe to our newsletter
          </h2>
          <p className="mt-3 max-w-prose text-neutral-content/90">
            Get our news, product updates and special offers by e-mail — a few letters a year, never spam.
          </p>
        </div>
        <form noValidate onSubmit={onSubmit} className="flex w-full flex-col gap-2">
          <label htmlFor={inputId} className="font-semibold">
            Email address
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="input input-lg w-full bg-base-100 text-base-content sm:flex-1">
              <MailIcon className="size-5 opacity-70" />
              <input
                id={inputId}
                type="email"
                name="email"
                autoComplete="email"
                placeholder="Enter Your Email"
              />
            </div>
            <button
              type="submit"
              className="btn btn-lg btn-secondary"
              disabled={!hydrated || subscribe.isPending}
            >
              {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
