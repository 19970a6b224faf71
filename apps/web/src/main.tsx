import { splitAddress } from '@kanna/shared/domain/language-paths';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { noteEarlyInput } from './lib/early-input';
import { loadTexts } from './lib/i18n';
import { refreshSession } from './lib/session';
import { reportWebVitals } from './lib/vitals';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Every screen asks who is signed in (the navbar, the guards): asked now, while the code loads.
void refreshSession();

// The first download's texts in the page's language (lib/i18n.ts), which the server preloaded
// beside the entry: every render, the first included, is in that language. Asked again once if
// the first try fails.
const firstTexts = loadTexts().catch(() => loadTexts());

/** How long the first render waits for the address's page chunks (none for the home page). */
const FIRST_RENDER_WAIT_MS = 400;

/** Resolves in a new task: the browser may paint and answer input in between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (container.hasChildNodes()) {
  // What the visitor types or chooses meanwhile is kept (lib/early-input.ts, app/layout/root-layout.tsx).
  noteEarlyInput(container);
  // The server rendered this page (entry-server.tsx): its HTML is already on screen; React takes
  // it over once the page's chunks are in (their modules put the page's data block in the query
  // cache as they load), so nothing suspends: a part that suspended while hydrating would show
  // its fallback in place of the server's HTML if the layout around it re-rendered meanwhile.
  // The home page's sections keep the server's HTML until they come into view, then fetch their
  // chunk and hydrate (app/routes/home-page.tsx).
  //
  // The page's chunks are asked for in tasks of their own, after the entry's evaluation: each is
  // long on a phone, and one task of them all would keep the browser from input for longer.
  // The page is hydrated as a transition, so React works through it in slices of a few
  // milliseconds and the browser answers input in between (as a default update it is one task of
  // the whole page); what the visitor touches meanwhile is hydrated first.
  void nextTask()
    .then(() =>
      Promise.all([preloadRoute(splitAddress(window.location.pathname).path, nextTask), firstTexts]),
    )
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
} else {
  // Rendered once the page's chunks are in (they load in parallel, see preloadRoute), or after
  // FIRST_RENDER_WAIT_MS if they are slow: rendering a spinner first would make React hold the
  // page back for up to 300 ms more once they arrive (its Suspense reveal throttle).
  Promise.race([
    preloadRoute(splitAddress(window.location.pathname).path),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ])
    .then(() => firstTexts)
    .then(() => createRoot(container).render(app));
}

reportWebVitals();
