/**
 * Toasts through react-toastify, loaded on the first toast so it stays out of the code the
 * home page needs before anyone interacts. react-toastify queues toasts raised before its
 * container mounts, so `notify` can fire as soon as the module has arrived.
 */

/** Spec §9: a toast closes itself after 5000 ms. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
type Toastify = typeof import('react-toastify');

let loading: Promise<Toastify> | undefined;
let loaded: Toastify | undefined;
const listeners = new Set<(module: Toastify) => void>();

function loadToastify(): Promise<Toastify> {
  loading ??= import('react-toastify').then((module) => {
    loaded = module;
    for (const listener of listeners) listener(module);
    return module;
  });
  return loading;
}

/** The module if it has arrived; the toaster uses it to render the container. */
export const toastifyIfLoaded = (): Toastify | undefined => loaded;

export function onToastifyLoaded(listener: (module: Toastify) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function notify(kind: ToastKind, message: string): Promise<void> {
  const { toast } = await loadToastify();
  toast[kind](message);
}
