import { ArrowDownIcon } from '../../../components/ui/icons';
import { useTexts } from '../../../lib/i18n';
import { bannerTexts } from '../i18n/first';
import { PlaneIllustration } from './plane-illustration';

interface HeroProps {
  /** The id of the block 'learn More' scrolls to (the company profile). */
  learnMoreTarget: string;
}

function scrollToBlock(id: string, attemptsLeft = 20) {
  const target = document.getElementById(id);
  if (!target) {
    // The block arrives with the rest of the page just after first paint; wait for it briefly.
    if (attemptsLeft > 0) setTimeout(() => scrollToBlock(id, attemptsLeft - 1), 100);
    return;
  }
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue reading where the page scrolled to.
  target.focus({ preventScroll: true });
}

/** The banner: its heading is the page's largest text and its LCP element, so no image here. */
export function Hero({ learnMoreTarget }: HeroProps) {
  const t = useTexts(bannerTexts);
  return (
    <section aria-labelledby="hero-heading" className="wood-grain text-neutral-content">
      <div className="mx-auto grid min-h-[calc(100svh-4rem)] max-w-7xl items-center gap-8 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{t.heroKicker}</p>
          <h1
            id="hero-heading"
            className="mt-4 max-w-4xl text-6xl leading-none font-extrabold text-balance sm:text-8xl"
          >
            {t.heroTitle}
          </h1>
          <p className="mt-6 max-w-md text-lg text-neutral-content/90">{t.heroLead}</p>
          <div className="mt-8">
            <button
              type="button"
              className="btn btn-lg btn-secondary"
              onClick={() => scrollToBlock(learnMoreTarget)}
            >
              {t.learnMore}
              <ArrowDownIcon className="size-5" />
            </button>
          </div>
        </div>
        <PlaneIllustration className="hidden w-full max-w-xl justify-self-end lg:block" />
      </div>
    </section>
  );
}
