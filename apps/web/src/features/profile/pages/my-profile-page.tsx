export function MyProfilePage() {
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-bold">My Profile</h1>
    </section>
  );
}
