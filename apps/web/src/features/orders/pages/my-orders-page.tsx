/** Placeholder until this screen is built: says what will be here. */
export function MyOrdersPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">My orders</h1>
      <p className="mt-3">Your orders, with Pay and Cancel, will be listed here.</p>
    </section>
  );
}
