export function EditProfilePage() {
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-bold">Edit profile</h1>
    </section>
  );
}
