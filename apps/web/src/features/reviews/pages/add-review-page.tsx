/** Placeholder until this screen is built: says what will be here. */
export function AddReviewPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Add Review</h1>
      <p className="mt-3">The rating and review form will be here.</p>
    </section>
  );
}
