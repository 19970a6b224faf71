/** Placeholder until this screen is built: says what will be here. */
export function AllOrdersPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">All orders</h1>
      <p className="mt-3">Every order, unpaid or Pending, will be listed here for administrators.</p>
    </section>
  );
}
