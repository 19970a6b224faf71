import { Fragment, type ReactNode } from 'react';

const mark = '\u2063';
const marks = new RegExp(`${mark}(\\d+)${mark}`);

/**
 * A translated sentence with elements inside it (a bold amount, a time, a link), wherever each
 * language puts them: `text` is called with a marker for each node, and each node takes its
 * marker's place. `withNodes(t.transferLead, <strong>$10</strong>, <time>…</time>)`.
 */
export function withNodes(text: (...marks: string[]) => string, ...nodes: ReactNode[]): ReactNode {
  const pieces = text(...nodes.map((_, i) => `${mark}${i}${mark}`)).split(marks);
  return pieces.map((piece, i) => (
    // Odd pieces are the markers' numbers: the nodes; even ones the words between them.
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, in its order
    <Fragment key={i}>{i % 2 === 1 ? nodes[Number(piece)] : piece}</Fragment>
  ));
}
