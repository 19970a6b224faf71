/** Placeholder until this screen is built: says what will be here. */
export function PurchasePage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Purchase</h1>
      <p className="mt-3">The purchase form for this tool will be here.</p>
    </section>
  );
}
