/** Placeholder until this screen is built: says what will be here. */
export function OverviewPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Overview</h1>
      <p className="mt-3">Sales per week, order states and tools running low will be here.</p>
    </section>
  );
}
