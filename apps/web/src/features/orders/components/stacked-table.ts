/**
 * Classes for a data <table> that becomes a list of cards below the `sm` breakpoint: the header
 * row is kept for screen readers only, each row is a bordered card, the row's <th> is its title,
 * and each <td> shows its `data-label` before its value. Nothing scrolls sideways on a phone, and
 * from `sm` up it is an ordinary daisyUI table.
 */
export const stackedTable = [
  'table w-full [&_thead_th]:text-base-content',
  'max-sm:block',
  'max-sm:[&_thead]:sr-only',
  'max-sm:[&_tbody]:flex max-sm:[&_tbody]:flex-col max-sm:[&_tbody]:gap-3',
  'max-sm:[&_tbody_tr]:flex max-sm:[&_tbody_tr]:flex-col max-sm:[&_tbody_tr]:rounded-box',
  'max-sm:[&_tbody_tr]:border max-sm:[&_tbody_tr]:border-base-300 max-sm:[&_tbody_tr]:bg-base-100 max-sm:[&_tbody_tr]:p-4',
  'max-sm:[&_tbody_th]:block max-sm:[&_tbody_th]:px-0 max-sm:[&_tbody_th]:pt-0 max-sm:[&_tbody_th]:pb-2 max-sm:[&_tbody_th]:text-base',
  'max-sm:[&_tbody_td]:flex max-sm:[&_tbody_td]:items-baseline max-sm:[&_tbody_td]:justify-between',
  'max-sm:[&_tbody_td]:gap-4 max-sm:[&_tbody_td]:px-0 max-sm:[&_tbody_td]:py-1.5 max-sm:[&_tbody_td]:text-right',
  'max-sm:[&_tbody_td]:before:shrink-0 max-sm:[&_tbody_td]:before:text-left max-sm:[&_tbody_td]:before:font-semibold',
  'max-sm:[&_tbody_td]:before:text-base-content/80 max-sm:[&_tbody_td]:before:content-[attr(data-label)]',
  'max-sm:[&_tbody_td:empty]:hidden max-sm:[&_tbody_td.actions-cell]:pt-3 max-sm:[&_tbody_td.actions-cell]:justify-start',
  'max-sm:[&_tbody_td.actions-cell]:before:hidden',
].join(' ');
