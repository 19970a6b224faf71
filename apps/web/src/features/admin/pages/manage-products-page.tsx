/** Placeholder until this screen is built: says what will be here. */
export function ManageProductsPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Manage Product</h1>
      <p className="mt-3">The table of products, with edit and delete, will be here.</p>
    </section>
  );
}
