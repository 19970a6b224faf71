/** Placeholder until this screen is built: says what will be here. */
export function UsersPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Users</h1>
      <p className="mt-3">All users, with Admin and Delete buttons, will be listed here.</p>
    </section>
  );
}
