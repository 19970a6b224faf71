import { type FormEvent, useId } from 'react';
import { MailIcon } from '../../../components/ui/icons';
import { useHydrated } from '../../../lib/hydrated';
import { useTexts } from '../../../lib/i18n';
import { sayLater } from '../../../lib/say-later';
import { notify } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { newsletterTexts } from '../i18n';

/**
 * 'Subscribe to our newsletter'. The form does not validate in the browser (spec §5: no
 * validation); the server does, and its message — welcome or refusal — is shown as a toast.
 *
 * The field is read when the form is sent rather than kept in state: the home page arrives
 * rendered by the server, and an address typed before the page has hydrated is in the field
 * but was never seen by React. Until then Subscribe is disabled (see useHydrated).
 */
export function NewsletterBanner() {
  const t = useTexts(newsletterTexts);
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
          // The server's welcome is one of the shop's texts: said in the page's language.
          void sayLater(result.message).then((text) => notify('success', text));
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
            {t.title}
          </h2>
          <p className="mt-3 max-w-prose text-neutral-content/90">{t.lead}</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="flex w-full flex-col gap-2">
          <label htmlFor={inputId} className="font-semibold">
            {t.emailAddress}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="input input-lg w-full bg-base-100 text-base-content sm:flex-1">
              <MailIcon className="size-5 opacity-70" />
              <input
                id={inputId}
                type="email"
                name="email"
                autoComplete="email"
                placeholder={t.emailPlaceholder}
              />
            </div>
            <button
              type="submit"
              className="btn btn-lg btn-secondary"
              disabled={!hydrated || subscribe.isPending}
            >
              {subscribe.isPending ? t.subscribing : t.subscribe}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
