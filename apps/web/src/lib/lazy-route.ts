import { chunkFailedMessage } from '@kanna/shared/domain/shell-messages';
import { type ComponentType, createElement, lazy } from 'react';
import { loadTexts } from './i18n';

/** Spec §9: a script chunk that has not arrived after 120 s has failed. */
const CHUNK_TIMEOUT_MS = 120_000;

/** As webpack named them: the file could not be fetched, took too long, or broke while running. */
export type ChunkFailureType = 'missing' | 'timeout' | 'error';

/** A lazy route's code could not be loaded. Its message is the spec's 'Loading chunk {n} failed.' */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunk: string;
  readonly type: ChunkFailureType;
  /** The address that failed to load, or the page's own address when the browser did not say. */
  readonly address: string;

  constructor(chunk: string, type: ChunkFailureType, address: string, options?: { cause?: unknown }) {
    super(chunkFailedMessage(chunk), options);
    this.chunk = chunk;
    this.type = type;
    this.address = address;
  }
}

// How Chromium, Firefox, Safari and Vite's preloader word a module that could not be fetched.
const fetchFailure =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|loading chunk .+ failed/i;

export const isDynamicImportFailure = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ChunkLoadError' || fetchFailure.test(error.message));

const addressIn = (text: string): string | undefined =>
  /(?:https?:\/\/|\/assets\/)[^\s'"()]+/.exec(text)?.[0];

export function toChunkLoadError(chunk: string, error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const text = error instanceof Error ? error.message : String(error);
  const type: ChunkFailureType = isDynamicImportFailure(error) ? 'missing' : 'error';
  const address = addressIn(text) ?? (typeof window === 'undefined' ? '' : window.location.href);
  return new ChunkLoadError(chunk, type, address, { cause: error });
}

/**
 * Runs a dynamic import for the chunk named `chunk`; any failure (network, time-out, an error
 * while the module runs) becomes a {@link ChunkLoadError} for the route's error boundary.
 */
export function loadChunk<T>(
  chunk: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const address = typeof window === 'undefined' ? '' : window.location.href;
      reject(new ChunkLoadError(chunk, 'timeout', address));
    }, timeoutMs);
  });
  // The chunk's texts (lib/i18n.ts) are part of it: it renders in the page's language at once.
  const loadWithTexts = async () => {
    const module = await load();
    await loadTexts();
    return module;
  };
  return Promise.race([loadWithTexts(), timeout])
    .catch((error: unknown) => {
      throw toChunkLoadError(chunk, error);
    })
    .finally(() => clearTimeout(timer));
}

/** A page from its own chunk that can be fetched before it is rendered. */
export type LazyRoute<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Options of {@link lazyComponent}. */
export interface LazyOptions {
  /**
   * Rendering waits for this before fetching the chunk (e.g. for the part of a server-rendered
   * page to come into view: until then it keeps the server's HTML). `preload()` fetches at once.
   */
  fetchWhen?: Promise<unknown>;
}

/**
 * `React.lazy` over {@link loadChunk}: a component from its own chunk, named for the spec's
 * 'Loading chunk {n} failed.' message. Once its chunk is in, it renders directly, without
 * suspending: a chunk fetched ahead by `preload()` (see `preloadRoute` in app/router.tsx) then
 * costs no Suspense round, whose reveal React holds back for up to 300 ms.
 */
export function lazyComponent<M, P extends object>(
  chunk: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  { fetchWhen }: LazyOptions = {},
): LazyRoute<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let preloaded: () => void = () => {};
  const start = () => {
    preloaded();
    pending ??= loadChunk(chunk, load).then(
      (module) => {
        loaded = pick(module);
        return { default: loaded };
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  // Waiting for `fetchWhen` is not loading: the chunk's time-out starts when its fetch does.
  const wanted =
    fetchWhen && Promise.race([fetchWhen, new Promise<void>((resolve) => (preloaded = resolve))]);
  const Lazy = lazy(wanted ? () => wanted.then(start) : start);
  const Route = (props: P) => createElement(loaded ?? Lazy, props);
  Route.preload = start;
  return Route;
}
