import { useEffect } from 'react';

// What a visitor types or chooses in a page the server rendered before React has taken it over
// (the catalogue's search and filters, say): React keeps what it rendered in every field it
// controls, and would put it back at the page's next render, silently dropping the visitor's
// choice. It is noted until then and handed to React once the page is hydrated, as if the
// visitor had made it at that moment.

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement;

/** Fields whose value is text or a choice: check boxes and radio buttons are not kept. */
const keepsValue = (field: Field) =>
  !(field instanceof HTMLInputElement && /^(checkbox|radio|file)$/.test(field.type));

/** What the server wrote into `field`. */
const serverValue = (field: Field): string =>
  field instanceof HTMLSelectElement
    ? (([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value ?? '')
    : field.defaultValue;

const noted = new Map<Field, string>();
let stopNoting: () => void = () => {};

/**
 * Starts noting what the visitor changes in `container`: the fields already changed from the
 * server's HTML (before this script ran), and every change from now until {@link WhenHydrated}.
 */
export function noteEarlyInput(container: HTMLElement): void {
  const note = (field: Field) => {
    if (keepsValue(field)) noted.set(field, field.value);
  };
  for (const field of container.querySelectorAll<Field>('input, select, textarea')) {
    if (field.value !== serverValue(field)) note(field);
  }
  const onChange = (event: Event) => {
    if (isField(event.target)) note(event.target);
  };
  container.addEventListener('input', onChange, true);
  container.addEventListener('change', onChange, true);
  stopNoting = () => {
    container.removeEventListener('input', onChange, true);
    container.removeEventListener('change', onChange, true);
  };
}

/** Hands React the noted values, with the events its handlers hear. */
function replayEarlyInput(): void {
  stopNoting();
  for (const [field, value] of noted) {
    const rendered = serverValue(field);
    if (!field.isConnected || value === rendered) continue;
    // React calls onChange only for a value that differs from the last it saw: it is shown the
    // rendered one first (through the element's own setter, which React watches), then the
    // visitor's (through the prototype's, which it does not).
    field.value = rendered;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  noted.clear();
}

/**
 * Rendered beside the page, inside the Suspense boundary it hydrates with (React hydrates such a
 * boundary after the rest of the root): its effect runs once React has taken the page over.
 */
export function WhenHydrated(): null {
  useEffect(replayEarlyInput, []);
  return null;
}
